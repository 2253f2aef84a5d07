/**
 * The first script of a rendered page, inlined in its <head> by the page renderer (the host's origin allows it by
 * its hash, services/origin-server/src/origin.cjs). A rendered page is on screen before any script file has
 * arrived, and a portal may post `skipPage` as soon as it sees it: from the moment the head is parsed, this keeps
 * those messages for the app (services/early-messages.ts takes them over). Built alone, without federation or React.
 */
import { EARLY_MESSAGES, type EarlyMessages } from './services/early-message-slot';

const kept: MessageEvent[] = [];
const keep = (event: MessageEvent) => void kept.push(event);
window.addEventListener('message', keep);
(window as unknown as Record<string, EarlyMessages>)[EARLY_MESSAGES] = { kept, stop: () => window.removeEventListener('message', keep) };
