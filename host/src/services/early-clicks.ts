/**
 * A rendered page is on screen, buttons and all, before React has hydrated it. A click on a button (搜索, the menu,
 * a question of the FAQ, 下载) that React cannot handle yet would be lost: before the root exists nothing listens,
 * and on a part still waiting for its code React drops discrete events instead of replaying them (React 19). The
 * entry chunk records the last such click; when a part of the page has hydrated (ShellReady, PageReady) the click
 * is given again to the same element, which hydration keeps.
 *
 * "React cannot handle it" is read from the element itself: React marks each node it has hydrated with a
 * `__reactFiber$…` property (a React DOM internal, stable since React 17). Checked after the click's dispatch, since
 * React may hydrate the part synchronously for that very click and handle it. Plain DOM code.
 */
import { CLICKABLE } from './early-handoff';

const FIBER_KEY = '__reactFiber$';

const POLL_MS = 100;
const GIVE_UP_MS = 15_000;

let started = false;
let waiting: HTMLElement | null = null;
let poll: ReturnType<typeof setInterval> | null = null;

function hydrated(el: Element): boolean {
  return Object.keys(el).some((k) => k.startsWith(FIBER_KEY));
}

/**
 * ShellReady and PageReady give the click at once when its part is theirs; a part inside a Suspense boundary of the
 * page's own hydrates later, so the element is also looked at every 100 ms. There, React has marked the node during
 * its render and commits right after: the click is given once the node was found marked twice in a row.
 */
function wait(el: HTMLElement) {
  waiting = el;
  if (poll) clearInterval(poll);
  const since = Date.now();
  let seenHydrated = false;
  poll = setInterval(() => {
    if (waiting !== el || Date.now() - since > GIVE_UP_MS) return stopPolling(el);
    if (!hydrated(el)) return;
    if (seenHydrated) replayEarlyClick();
    seenHydrated = true;
  }, POLL_MS);
}

function stopPolling(el: HTMLElement) {
  if (waiting === el) waiting = null;
  if (poll) clearInterval(poll);
  poll = null;
}

function onClick(event: Event) {
  const el = (event.target as Element | null)?.closest?.(CLICKABLE);
  if (!(el instanceof HTMLElement) || hydrated(el)) return;
  // After every listener of this click has run (a microtask would run between listeners).
  setTimeout(() => {
    if (!hydrated(el)) wait(el);
  }, 0);
}

/** `before`: the button the page loader saw clicked (services/early-handoff); nothing of React had run then. */
export function recordEarlyClicks(before: HTMLElement | null = null): void {
  if (before) wait(before);
  if (started) return;
  started = true;
  document.addEventListener('click', onClick, true);
}

/** Called when a part of the page has hydrated: the waiting click, once its element is React's. */
export function replayEarlyClick(): void {
  const el = waiting;
  if (!el || !hydrated(el)) return;
  stopPolling(el);
  if (el.isConnected) el.click();
}
