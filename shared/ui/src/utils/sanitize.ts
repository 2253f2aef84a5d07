import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * DOMPurify needs a DOM. In the browser it is the page's; in the page renderer (Node) the renderer provides a
 * window (jsdom) under this registered symbol before rendering, and the HTML is sanitised exactly as in the browser.
 */
const SERVER_WINDOW = Symbol.for('site.sanitize-window');
let serverPurifier: { win: unknown; purify: Purifier } | null = null;

/** The renderer replaces the window now and then (a jsdom window keeps what it parsed): a new one gets a new purifier. */
function purifier(): Purifier {
  if (typeof window !== 'undefined') return DOMPurify;
  const win = (globalThis as unknown as Record<symbol, unknown>)[SERVER_WINDOW];
  if (!win) throw new Error('sanitizeHtml: no window to sanitise with (the renderer provides one)');
  if (serverPurifier?.win !== win) serverPurifier = { win, purify: DOMPurify(win as Parameters<typeof DOMPurify>[0]) };
  return serverPurifier.purify;
}

/** Every HTML string from the server goes through this before it is rendered. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purifier().sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });
}
