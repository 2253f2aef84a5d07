import { AD_SCRIPT_CHECK_MS } from '@site/contract';

const MARK = 'data-site-ad-script';

/**
 * The advertising script (SPEC sections 2, 9; AD-1, AD-2): when a URL is configured, loaded at start and reloaded
 * every 20 000 ms (the old element is replaced by a new one, so the script is fetched and run again, and one that
 * was removed or failed to load comes back). With no URL configured nothing is fetched and no timer runs.
 */
export function startAdScript(url: string | undefined | null, doc: Document = document, intervalMs = AD_SCRIPT_CHECK_MS): () => void {
  if (!url || !/^https?:\/\//i.test(url)) return () => {};
  const load = () => {
    doc.querySelectorAll(`script[${MARK}]`).forEach((s) => s.remove());
    const s = doc.createElement('script');
    s.src = url;
    s.async = true;
    s.setAttribute(MARK, '');
    doc.body.appendChild(s);
  };
  load();
  const timer = setInterval(load, intervalMs);
  return () => clearInterval(timer);
}
