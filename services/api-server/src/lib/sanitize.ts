/**
 * Server-side HTML sanitising of what staff write (article bodies): DOMPurify on a jsdom window, the same library
 * the front end runs when it shows the HTML. Scripts, event handlers, javascript: URLs, frames and forms go; links
 * and images may only point to http(s), in-site paths or data-free relative URLs.
 */
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';

const CONFIG = {
  FORBID_TAGS: ['style', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ADD_ATTR: ['target'],
  ADD_URI_SAFE_ATTR: ['target'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
};

let purify: DOMPurify | undefined;

/**
 * The one DOMPurify of the process, on its jsdom window, made on the first article saved rather than at import:
 * loading jsdom and making a window cost about half a CPU-second, which every process that imports the server (each
 * test file, the tools, a server that never saves an article) paid before. A production server pays it once, on its
 * first save.
 */
function purifier(): DOMPurify {
  if (!purify) {
    // require, not import(): sanitizeHtml stays synchronous for its callers.
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
    purify = createDOMPurify(new JSDOM('').window as unknown as WindowLike);
    purify.addHook('afterSanitizeAttributes', (node) => {
      // A link that opens a new tab must not hand the opener to the target.
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return purify;
}

export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, CONFIG) as unknown as string;
}
