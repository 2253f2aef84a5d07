import { use, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { renderSettingsOf } from '../render/settings';
import { useIsClient } from '../render/ClientOnly';
import { loadedSanitizer, loadSanitizer, subscribeSanitizer } from '../utils/sanitizer';

type Tag = 'div' | 'section' | 'article';
interface Props {
  html: string | null | undefined;
  className?: string;
  as?: Tag;
}

/**
 * Renders server HTML only after DOMPurify. The one sanctioned use of dangerouslySetInnerHTML.
 *
 * DOMPurify (about 10 KB compressed) is not part of the page's code: a page the renderer wrote already carries this
 * HTML sanitised, so hydrating it needs no sanitiser, and a phone that waited for it before it could answer waited
 * for nothing. It loads once the element has hydrated, or at the first render of HTML that arrived later.
 */
export function SafeHtml({ html, className, as = 'div' }: Props) {
  // In the page renderer, the render's window (its query client's settings); in the browser, the page's.
  const settings = renderSettingsOf(useContext(QueryClientContext));
  return settings ? (
    <RenderedSafeHtml html={html} className={className} as={as} sanitizeWindow={settings.sanitizeWindow} />
  ) : (
    <BrowserSafeHtml html={html} className={className} as={as} />
  );
}

/** In the page renderer: sanitised with the render's window (the renderer waits for the sanitiser's module). */
function RenderedSafeHtml({ html, className, as: Tag = 'div', sanitizeWindow }: Props & { sanitizeWindow: object }) {
  const sanitize = use(loadSanitizer());
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: sanitize(html, sanitizeWindow) }} />;
}

/**
 * Stands for the HTML the renderer wrote into a hydrated element: React never writes an element's inner HTML while
 * hydrating, and afterwards only when its `__html` text changes, so the sanitised HTML in the page stays as it is.
 */
const AS_RENDERED = '';

function BrowserSafeHtml({ html, className, as: Tag = 'div' }: Props) {
  const hydrating = !useIsClient();
  // The content this element was hydrated with, kept as rendered until other content replaces it (never again after).
  const [adopted, setAdopted] = useState(hydrating ? { html } : null);
  const keep = adopted !== null && adopted.html === html;
  if (adopted !== null && !keep) setAdopted(null);
  const sanitize = useSyncExternalStore(subscribeSanitizer, loadedSanitizer, () => null);
  // After this element's hydration (or at its first render in the browser): new content is sanitised here. A failed
  // load leaves new content out (never unsanitised); the next element to mount tries again.
  useEffect(() => {
    loadSanitizer().catch((e: unknown) => console.error('[ui] the HTML sanitiser could not load', e));
  }, []);
  const clean = keep ? AS_RENDERED : sanitize ? sanitize(html) : '';
  // Without the sanitiser yet (its file is on its way), the element stays empty: unsanitised HTML is never shown.
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} suppressHydrationWarning={keep} />;
}

/**
 * For a page that scrolls to an anchor (`wanted`): true once every SafeHtml the browser renders shows its HTML (the
 * sanitiser's file has arrived; asking starts the load). Until then such elements are empty, so whatever follows them
 * sits higher than it will once they fill, and a section scrolled to would leave the screen as they do. Not wanted:
 * true, and nothing is loaded for it.
 */
export function useSafeHtmlShown(wanted: boolean): boolean {
  const shown = useSyncExternalStore(
    subscribeSanitizer,
    () => loadedSanitizer() !== null,
    () => false,
  );
  useEffect(() => {
    if (wanted) loadSanitizer().catch((e: unknown) => console.error('[ui] the HTML sanitiser could not load', e));
  }, [wanted]);
  return !wanted || shown;
}
