import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * DOMPurify needs a DOM. In the browser it is the page's; in the page renderer (Node) each render names a window
 * (jsdom, its query client's settings: see SafeHtml), and the HTML is sanitised exactly as in the browser.
 */
let serverPurifier: { win: object; purify: Purifier } | null = null;

/** The renderer replaces the window now and then (a jsdom window keeps what it parsed): a new one gets a new purifier. */
function purifier(serverWindow: object | undefined): Purifier {
  if (typeof window !== 'undefined') return DOMPurify;
  if (!serverWindow) throw new Error('sanitizeHtml: no window to sanitise with (the renderer provides one)');
  if (serverPurifier?.win !== serverWindow)
    serverPurifier = { win: serverWindow, purify: DOMPurify(serverWindow as Parameters<typeof DOMPurify>[0]) };
  return serverPurifier.purify;
}

/** Every HTML string from the server goes through this before it is rendered (`serverWindow`: the renderer's). */
export function sanitizeHtml(html: string | null | undefined, serverWindow?: object): string {
  if (!html) return '';
  return purifier(serverWindow).sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });
}
