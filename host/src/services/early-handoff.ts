/**
 * What the page loader (start.ts) kept for the app while the entry chunk was not there yet: a portal's messages and
 * the last click on a button. The entry chunk takes it over once, synchronously, so nothing falls between the two.
 */
export interface EarlyHandoff {
  messages: MessageEvent[];
  click: HTMLElement | null;
  /** The loader stops listening: the app's own listeners take over in the same task. */
  stop(): void;
}

/** The buttons whose early clicks are kept (links work without JavaScript). */
export const CLICKABLE = '#root button, #root [role="button"]';

const KEY = Symbol.for('site.early-handoff');
type WithHandoff = Window & { [KEY]?: EarlyHandoff };

export function offerEarlyHandoff(handoff: EarlyHandoff): void {
  (window as WithHandoff)[KEY] = handoff;
}

/**
 * Starts keeping a portal's messages and the last click on a button, and offers them to the app, unless something
 * already does (the page's inline catcher, page-catch.ts, runs first; the loader only stands in when it did not run).
 */
export function catchEarly(): void {
  if ((window as WithHandoff)[KEY]) return;
  const handoff: EarlyHandoff = { messages: [], click: null, stop };
  function onMessage(event: MessageEvent) {
    handoff.messages.push(event);
  }
  function onClick(event: Event) {
    const el = (event.target as Element | null)?.closest?.(CLICKABLE);
    if (el instanceof HTMLElement) handoff.click = el;
  }
  function stop() {
    window.removeEventListener('message', onMessage);
    document.removeEventListener('click', onClick, true);
  }
  window.addEventListener('message', onMessage);
  document.addEventListener('click', onClick, true);
  offerEarlyHandoff(handoff);
}

export function takeEarlyHandoff(): EarlyHandoff | undefined {
  const w = window as WithHandoff;
  const handoff = w[KEY];
  delete w[KEY];
  handoff?.stop();
  return handoff;
}
