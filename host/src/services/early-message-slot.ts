/**
 * The one hand-over between the page's inline catcher (page-catch.ts, no modules of its own at run time) and the
 * entry chunk: the messages a portal posted before any script file had arrived.
 */
export const EARLY_MESSAGES = '__siteEarlyMessages';

export interface EarlyMessages {
  kept: MessageEvent[];
  /** The catcher stops listening: the app's listener takes over in the same task. */
  stop(): void;
}

/** The kept messages, once; the catcher stops at the same moment. */
export function takeEarlyMessages(): MessageEvent[] {
  const w = window as unknown as Record<string, EarlyMessages | undefined>;
  const early = w[EARLY_MESSAGES];
  delete w[EARLY_MESSAGES];
  early?.stop();
  return early?.kept ?? [];
}
