import { isExternal, isSafeInSitePath } from '@site/ui';

/**
 * How a footer item opens (SPEC section 2, footer):
 * - `newTab`: flagged targetBlank -> `<a target="_blank" rel="noopener noreferrer">`
 * - `fullLoad`: url containing `initData` (or an external http/https url) -> plain `<a href>`, full page load
 * - `route`: any other in-site path -> in-app route (`<Link>`)
 * - `contact`: a `tel:` or `mailto:` url (the contact block) -> plain `<a href>`: tap to call, write an email
 * - `text`: no url, or a url that is none of these (javascript:, data:, //host …) -> no link
 */
export type FooterLinkKind = 'newTab' | 'fullLoad' | 'route' | 'contact' | 'text';

const CONTACT_URL = /^(tel:\+?[\d-]+|mailto:[^\s@<>"]+@[^\s@<>"]+)$/i;

export function footerLinkKind(item: { url?: string | null; targetBlank?: boolean | null }): FooterLinkKind {
  const url = item.url?.trim();
  if (!url) return 'text';
  if (CONTACT_URL.test(url)) return 'contact';
  const external = isExternal(url);
  if (!external && !isSafeInSitePath(url)) return 'text';
  if (item.targetBlank) return 'newTab';
  if (url.includes('initData')) return 'fullLoad';
  // An external address cannot be an in-app route: it opens in place as an ordinary link.
  if (external) return 'fullLoad';
  return 'route';
}
