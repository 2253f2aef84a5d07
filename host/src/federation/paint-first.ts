/**
 * On a page rendered ahead of time, the scripts wait until the page's largest picture (the first image of <main>,
 * which the page preloads) has been painted: on a slow phone their start-up would otherwise hold the main thread
 * and the picture, downloaded already, would reach the screen only after it (measured: 1.5 to 2.2 s later in
 * Lighthouse's mobile run). Capped, so a picture that never loads cannot keep the page from becoming interactive.
 * Plain DOM code: the entry chunk runs it.
 */
const CAP_MS = 2500;

export function afterLargestPicture(): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('#root main img');
  const loaded =
    !img || img.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        });
  const capped = Promise.race([loaded, new Promise<void>((r) => setTimeout(r, CAP_MS))]);
  // One frame after the load: the picture is on screen before the first script task.
  return capped.then(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}
