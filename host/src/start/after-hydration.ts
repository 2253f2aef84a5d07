/**
 * Runs `work` once the app has hydrated the page (`<html data-hydrated>`, set by HydratedMark), at once when it
 * already has or when the page was not rendered ahead. What needs the HTTP client (axios, loaded with the first call)
 * waits for this, so a rendered page's scripts before hydration are only what it needs to answer.
 */
export function afterHydration(work: () => void): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-hydrated') || !document.getElementById('site-render')) {
    work();
    return;
  }
  const watch = new MutationObserver(() => {
    if (!root.hasAttribute('data-hydrated')) return;
    watch.disconnect();
    work();
  });
  watch.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}
