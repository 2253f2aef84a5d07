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
  /**
   * The page's not-found state, served with status 404 for any unknown article at its path (or, at `/404`, for any
   * unknown path): the browser adopts it for the URL it asked for instead of asking the API again.
   */
  notFound?: boolean;
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

/**
 * What the host's index.html loses in a rendered page, each for its reason: the remotes file is inlined (the page
 * names its remotes), the page brings its own title and description, and the page reads without JavaScript.
 */
const TEMPLATE_REMOVALS = [
  /<link rel="preload" href="\/remotes\.json"[^>]*>\s*/,
  /<title>[^]*?<\/title>/,
  /<meta name="description"[^>]*>\s*/,
  /<noscript>[^]*?<\/noscript>\s*/,
];
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The host's index.html cut once per run into the text around a page's three parts: its head (before `</head>`),
 * its #root content and its render state (before `</body>`). A page is then these pieces joined with its parts:
 * no pattern runs over a page's own text, so nothing in it (a `$&` in an article) can be taken for one.
 */
export type DocumentTemplate = readonly [beforeHead: string, beforeRoot: string, beforeState: string, rest: string];

export function documentTemplate(indexHtml: string, catcher: string | null = null): DocumentTemplate {
  const html = TEMPLATE_REMOVALS.reduce((t, pattern) => t.replace(pattern, ''), withPageCatch(indexHtml, catcher));
  const head = html.indexOf('</head>');
  const root = html.indexOf(EMPTY_ROOT);
  const body = html.lastIndexOf('</body>');
  if (head < 0 || root < head || body < root) throw new Error('index.html has no </head>, empty #root and </body> in that order');
  const rootOpen = root + EMPTY_ROOT.length - '</div>'.length;
  return [html.slice(0, head), html.slice(head, rootOpen), html.slice(rootOpen, body), html.slice(body)];
}

export function pageDocument(template: DocumentTemplate | string, page: PageParts): string {
  const [beforeHead, beforeRoot, beforeState, rest] = typeof template === 'string' ? documentTemplate(template) : template;
  const { hints, body } = splitLeadingHints(page.html);
  const image = lcpImage(body);
  // The page's remote files, preloaded when the catcher starts the app (after the page has painted): inside a
  // <template> they load nothing before. In the mode the federation runtime requests them (a preload only serves a
  // request of the same mode): the manifest and remoteEntry.js anonymous-CORS, the page's chunks without crossorigin.
  const later = [
    ...page.preload.manifests.map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="anonymous" />`),
    ...page.preload.scripts.map(
      (u) => `<link rel="preload" href="${escapeAttr(u)}" as="script"${/\/remoteEntry\.js$/.test(u) ? ' crossorigin="anonymous"' : ''} />`,
    ),
  ];
  const head = [
    page.head,
    ...hints,
    later.length ? `<template id="site-later">${later.join('')}</template>` : '',
    image ? `<link rel="preload" href="${escapeAttr(image)}" as="image" fetchpriority="high" />` : '',
    `<style data-rendered>${page.css.join('\n').replace(/<\/style/gi, '<\\/style')}</style>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const state = {
    location: page.location,
    remotes: page.remotes,
    versions: page.versions,
    data: page.data,
    ...(page.notFound ? { notFound: true } : {}),
  };
  const stateScript = `<script type="application/json" id="site-render">${scriptJson(state)}</script>`;
  return beforeHead + head + beforeRoot + body + beforeState + stateScript + rest;
}
