/** Longest wait for a new primary colour to show before the switching message goes anyway (a page without the shell). */
export const THEME_SWITCH_MAX_MS = 10_000;

/** The primary colour the shell shows now (antd's CSS variable on the layout), lower case; '' when not found. */
export function shownPrimaryColour(doc: Document = document): string {
  const el = doc.querySelector('.admin-layout');
  if (!el) return '';
  return getComputedStyle(el).getPropertyValue('--ant-color-primary').trim().toLowerCase();
}

/**
 * SET-16: calls `done` once the shell shows `color` (checked on every animation frame), so the 正在切换主题 message
 * stays exactly until the colour has changed; after THEME_SWITCH_MAX_MS it gives up and calls `done` all the same.
 * Returns a cancel function.
 */
export function whenColourShown(
  color: string,
  done: () => void,
  read: () => string = shownPrimaryColour,
  frame: (cb: () => void) => unknown = (cb) => requestAnimationFrame(() => cb()),
  now: () => number = () => Date.now(),
): () => void {
  const want = color.toLowerCase();
  const start = now();
  let cancelled = false;
  const check = () => {
    if (cancelled) return;
    if (read() === want || now() - start >= THEME_SWITCH_MAX_MS) {
      done();
      return;
    }
    frame(check);
  };
  frame(check);
  return () => {
    cancelled = true;
  };
}
