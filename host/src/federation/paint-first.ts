/**
 * On a page rendered ahead of time, the scripts wait until the pictures on screen have been painted: on a slow phone
 * their download and start-up would otherwise hold the line and the main thread, and the largest picture would reach
 * the screen only after them (Lighthouse mobile /news: LCP 2.6 s with the entry chunk loaded at once, 1.6 s after).
 * Capped, so a picture that never loads cannot keep the page from becoming interactive. Plain DOM code: the page
 * loader (start.ts) runs it.
 */
const CAP_MS = 2500;

function onScreen(img: HTMLImageElement): boolean {
  const box = img.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.top < window.innerHeight;
}

export function afterPicturesPainted(): Promise<void> {
  const pending = Array.from(document.querySelectorAll<HTMLImageElement>('#root img')).filter((img) => !img.complete && onScreen(img));
  const loaded = Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  const capped = Promise.race([loaded, new Promise<void>((r) => setTimeout(r, CAP_MS))]);
  // Two frames after the load: the first is painted with the pictures before any script is requested.
  const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
  return capped.then(frame).then(frame);
}
