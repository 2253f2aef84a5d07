/**
 * Window messages (a portal's `skipPage`) that arrive before the app listens. A rendered page is on screen, and its
 * portal may already talk to it, before the scripts have hydrated it: such messages wait here for the app's
 * listener instead of being lost. Plain DOM code, started by the entry chunk, which takes over what the page's
 * inline catcher kept before it (early-message-slot.ts).
 */
import { takeEarlyMessages } from './early-message-slot';

type Listener = (event: MessageEvent) => void;

const waiting: MessageEvent[] = [];
let listener: Listener | null = null;
let started = false;

export function listenForMessagesEarly(): void {
  const before = takeEarlyMessages();
  if (listener) before.forEach(listener);
  else waiting.push(...before);
  if (started) return;
  started = true;
  window.addEventListener('message', (event) => (listener ? listener(event) : waiting.push(event)));
}

/** The app's listener: first the messages that arrived before it, then each one as it comes. */
export function onWindowMessage(next: Listener): () => void {
  listenForMessagesEarly();
  listener = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = null;
  };
}
