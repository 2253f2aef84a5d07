/**
 * The first script of a rendered page, inlined in its <head> by the page renderer (the host's origin allows it by
 * its hash, services/origin-server/src/origin.cjs). Built alone, without federation or React. Three jobs:
 *
 * 1. A rendered page is on screen before any script file has arrived, and a portal may post `skipPage` as soon as it
 *    sees it: from the moment the head is parsed, this keeps those messages for the app (services/early-messages.ts
 *    takes them over).
 * 2. Until the app runs, 搜索 with the header's field empty focuses that field instead of sending the form (the app
 *    would open the search with the focus in its box; an empty /search is nowhere a visitor meant to go).
 * 3. It starts the app's scripts once the page has painted what it carries (after `load`, the next frame), or at the
 *    visitor's first press or key, whichever comes first. Until then nothing competes with the page's HTML, styles
 *    and images for the line or the processor, and every control works as HTML (links, forms, <details>). The entry
 *    chunk's URL is this element's `data-entry`; the preloads of the page's remote files wait in
 *    `<template id="site-later">` (services/page-renderer/src/document.ts writes both), those of the host's start
 *    files in `<template id="site-start">` (the host's index.html, shared/build-config/start-preload.cjs), and all
 *    start with it.
 */
import { EARLY_MESSAGES, type EarlyMessages } from './services/early-message-slot';

const kept: MessageEvent[] = [];
const keep = (event: MessageEvent) => void kept.push(event);
window.addEventListener('message', keep);
(window as unknown as Record<string, EarlyMessages>)[EARLY_MESSAGES] = { kept, stop: () => window.removeEventListener('message', keep) };

addEventListener(
  'submit',
  (event) => {
    const form = event.target as HTMLFormElement;
    if (document.documentElement.hasAttribute('data-hydrated') || !form.classList.contains('site-search-form')) return;
    const field = form.elements.namedItem('text');
    if (!(field instanceof HTMLInputElement) || field.value.trim()) return;
    event.preventDefault();
    field.focus();
  },
  true,
);

const entry = (document.currentScript as HTMLScriptElement | null)?.dataset.entry;
/** Puts a <template>'s preloads into the head (they start their requests there). */
const insertTemplate = (id: string) => {
  const later = document.getElementById(id) as HTMLTemplateElement | null;
  if (later) document.head.append(later.content.cloneNode(true));
};

if (entry) {
  // As urgent as the preloads beside it: an inserted script is otherwise the last request of its origin, and the
  // other files wait for it to run.
  const insertEntry = () => {
    const script = document.createElement('script');
    script.src = entry;
    script.fetchPriority = 'high';
    document.head.append(script);
  };
  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    for (const type of ['pointerdown', 'keydown']) removeEventListener(type, startApp, true);
    // The page's remote files (the renderer's) and the host's start files (its build's) are requested with the entry
    // chunk: nothing the page needs before it hydrates waits for the entry chunk to arrive and ask for it. Each
    // template in a task of its own (a preload starts its request as it is inserted: the nine in one task took 18 ms
    // of a desktop CPU, a 70 ms task on a phone), and the entry chunk last: from the cache it runs at once, and the
    // federation runtime would then ask for the remote's manifest before its preload is there (and Chromium warns
    // that the preload went unused).
    const steps = [...['site-later', 'site-start'].map((id) => () => insertTemplate(id)), insertEntry];
    // (A hidden page's timers are held back, up to a second each: there it all goes in this task.)
    const next = () => {
      steps.shift()!();
      if (!steps.length) return;
      if (document.visibilityState === 'hidden') next();
      else setTimeout(next);
    };
    next();
  };
  // A hidden page paints nothing, so there is no frame to wait for.
  const afterPaint = () => (document.visibilityState === 'hidden' ? startApp() : requestAnimationFrame(() => setTimeout(startApp)));
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, startApp, true);
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}
