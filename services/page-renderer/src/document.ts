/**
 * One rendered file: the host's own index.html (its scripts, icons, viewport) with the page's head, styles, the
 * rendered #root and what the browser needs to hydrate it (render data, the remotes it was rendered with, preloads
 * of the page's remote files and of its largest image).
 */
export interface PageParts {
  /** In-site URL the page was rendered for. */
  location: string;
  html: string;
  head: string;
  css: string[];
  data: unknown;
  /** Federation name -> manifest URL, the remotes the page was rendered with. */
  remotes: Record<string, string>;
  /** Federation name -> buildVersion. */
  versions: Record<string, string>;
  /** The page's remote files: manifest (fetched), remoteEntry and page chunks (scripts). */
  preload: { manifests: string[]; scripts: string[] };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside <script>: `<` escaped, so no text in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's largest content image: the first image in <main> (a banner, a product picture, a cover) or a video's
 * poster (a video page). Only inside <main>: the footer's logo is never the one to hurry.
 */
export function lcpImage(html: string): string | null {
  const start = html.indexOf('<main');
  if (start < 0) return null;
  const end = html.indexOf('</main>', start);
  const main = html.slice(start, end < 0 ? undefined : end);
  const found = /<img\b[^>]*?\ssrc="([^"]+)"|<video\b[^>]*?\sposter="([^"]+)"/.exec(main);
  const src = found?.[1] ?? found?.[2];
  return src ? src.replace(/&amp;/g, '&') : null;
}

/** React puts its resource hints (an image's preload) before the content; they belong in <head>, not in #root. */
function splitLeadingHints(html: string): { hints: string[]; body: string } {
  const hints: string[] = [];
  let body = html;
  for (let m = /^<link\b[^>]*>/.exec(body); m; m = /^<link\b[^>]*>/.exec(body)) {
    hints.push(m[0]);
    body = body.slice(m[0].length);
  }
  return { hints, body };
}

/** The host's first script (`page-catch.js`): keeps a portal's early messages and starts the app after paint. */
export const PAGE_CATCH = 'page-catch.js';

/**
 * The catcher replaces the template's entry chunk, inline and byte for byte as built (the host's origin allows it by
 * the hash of that file); the entry's URL goes in its `data-entry`, and the catcher loads it once the page has
 * painted. Text that could end the element is not inlined (changed, its hash would not match): the template keeps
 * its deferred entry script then.
 */
export function withPageCatch(template: string, catcher: string | null): string {
  if (!catcher || /<\/script|<!--/i.test(catcher)) return template;
  return template.replace(
    /<script defer="defer" src="([^"]+)"><\/script>/,
    (_entry, src: string) => `<script data-entry="${src}">${catcher}</script>`,
  );
}

export function pageDocument(template: string, page: PageParts): string {
  const { hints, body } = splitLeadingHints(page.html);
  const parts = { ...page, html: body };
  const image = lcpImage(parts.html);
  // The page's remote files, preloaded when the catcher starts the app (after the page has painted): inside a
  // <template> they load nothing before. In the mode the federation runtime requests them (a preload only serves a
  // request of the same mode): the manifest and remoteEntry.js anonymous-CORS, the page's chunks without crossorigin.
  const later = [
    ...parts.preload.manifests.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="anonymous" />`),
    ...parts.preload.scripts.map(
      (u) => `<link rel="preload" href="${escapeAttr(u)}" as="script"${/\/remoteEntry\.js$/.test(u) ? ' crossorigin="anonymous"' : ''} />`,
    ),
  ];
  const headExtra = [
    parts.head,
    ...hints,
    later.length ? `<template id="site-later">${later.join('')}</template>` : '',
    image ? `<link rel="preload" href="${escapeAttr(image)}" as="image" fetchpriority="high" />` : '',
    `<style data-rendered>${parts.css.join('\n').replace(/<\/style/gi, '<\\/style')}</style>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const state = { location: parts.location, remotes: parts.remotes, versions: parts.versions, data: parts.data };
  return (
    template
      // The remotes file is inlined (the page names its remotes), so no preload of it. Replacements are functions:
      // a `$&` in an article's text must stay text.
      .replace(/<link rel="preload" href="\/remotes\.json"[^>]*>\s*/, '')
      .replace(/<title>[^]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace('</head>', () => `${headExtra}</head>`)
      .replace(/<noscript>[^]*?<\/noscript>\s*/, '')
      .replace('</body>', () => `<script type="application/json" id="site-render">${scriptJson(state)}</script></body>`)
      .replace('<div id="root"></div>', () => `<div id="root">${parts.html}</div>`)
  );
}
