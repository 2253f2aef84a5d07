/**
 * The first script of a rendered page: the page renderer puts it where the host's entry chunk was and names the
 * entry in `data-main`. The page is on screen and readable without JavaScript; the entry chunk (and everything it
 * loads) starts once the pictures on screen are painted (federation/paint-first). Until then this keeps a portal's
 * messages and the last click on a button for the app, which takes them over (services/early-handoff).
 * Built alone (pageStart in build-config), without federation or React: a few hundred bytes.
 */
import { afterPicturesPainted } from './federation/paint-first';
import { CLICKABLE, offerEarlyHandoff, type EarlyHandoff } from './services/early-handoff';

const entry = (document.currentScript as HTMLScriptElement | null)?.dataset.main;

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

if (entry) {
  window.addEventListener('message', onMessage);
  document.addEventListener('click', onClick, true);
  offerEarlyHandoff(handoff);
  // A deferred script: the document is parsed, its pictures are in the DOM.
  void afterPicturesPainted().then(() => {
    const script = document.createElement('script');
    script.src = entry;
    document.head.appendChild(script);
  });
}
