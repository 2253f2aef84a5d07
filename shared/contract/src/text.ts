/**
 * The visible text of an HTML fragment, whitespace collapsed: script and style contents and tags dropped, the common
 * entities decoded. The server indexes articles by it; the detail pages compare their head with the body by it.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A link staff may store: an in-site path (`/product`, `/news?id=1`) or an http(s) URL. Anything else (`javascript:`,
 * `//host` that leaves the site unnoticed, spaces, backslashes) is refused. The server's link fields and the article
 * editor's link dialog apply the same rule.
 */
export function isSiteOrWebUrl(v: string): boolean {
  if (/[\s\\<>"]/.test(v)) return false;
  if (v.startsWith('/')) return !v.startsWith('//');
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    return !!new URL(v).hostname;
  } catch {
    return false;
  }
}
