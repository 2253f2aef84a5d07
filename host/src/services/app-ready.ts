/**
 * When the app may navigate on its own (a portal's skipPage). A page rendered ahead of time must first finish
 * hydrating its own part: a navigation into a part React is still hydrating makes it drop the rendered HTML and
 * report a mismatch. A page rendered in the browser is ready once the shell is.
 */
const HYDRATION_CAP_MS = 10_000;

let markReady!: () => void;
const ready = new Promise<void>((resolve) => (markReady = resolve));
let hydrating = false;

/** bootstrap: the page is hydrated from rendered HTML, so readiness waits for the page's part (PageReady). */
export function expectPageHydration(): void {
  hydrating = true;
}

/** ShellReady: the layout answers. A hydrated page's part may still be on its way, but not for ever. */
export function shellReady(): void {
  if (hydrating) setTimeout(markReady, HYDRATION_CAP_MS);
  else markReady();
}

/** PageReady: the page's part has hydrated (or rendered). */
export function pageReady(): void {
  markReady();
}

export function whenAppReady(): Promise<void> {
  return ready;
}
