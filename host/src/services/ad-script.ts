import { AD_SCRIPT_CHECK_MS } from '@site/contract';

const MARK = 'data-site-ad-script';

/**
 * The advertising script (SPEC sections 2, 9): loaded once from a configured URL (none by default) and checked
 * every 20 000 ms; a script that was removed or failed to load is put back.
 */
export function startAdScript(url: string | undefined | null, doc: Document = document, intervalMs = AD_SCRIPT_CHECK_MS): () => void {
  if (!url || !/^https?:\/\//i.test(url)) return () => {};
  let failed = false;
  const insert = () => {
    doc.querySelectorAll(`script[${MARK}]`).forEach((s) => s.remove());
    failed = false;
    const s = doc.createElement('script');
    s.src = url;
    s.async = true;
    s.setAttribute(MARK, '');
    s.onerror = () => {
      failed = true;
    };
    doc.body.appendChild(s);
  };
  insert();
  const timer = setInterval(() => {
    if (failed || !doc.querySelector(`script[${MARK}]`)) insert();
  }, intervalMs);
  return () => clearInterval(timer);
}
