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
if (entry) {
  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    for (const type of ['pointerdown', 'keydown']) removeEventListener(type, startApp, true);
    // The entry chunk first, and as urgent as the preloads beside it: it starts the app while the rest arrives (an
    // inserted script is otherwise the last request of its origin, and the other files wait for it to run).
    const script = document.createElement('script');
    script.src = entry;
    script.fetchPriority = 'high';
    document.head.append(script);
    // The page's remote files (the renderer's) and the host's start files (its build's), requested with the entry
    // chunk: nothing the page needs before it hydrates waits for the entry chunk to arrive and ask for it. Each
    // template in a task of its own, right after this one: a preload starts its request as it is inserted, and the
    // nine in one task took 18 ms of a desktop CPU (a 70 ms task on a phone, most of it blocking).
    for (const id of ['site-later', 'site-start'])
      setTimeout(() => {
        const later = document.getElementById(id) as HTMLTemplateElement | null;
        if (later) document.head.append(later.content.cloneNode(true));
      });
  };
  // A hidden page paints nothing, so there is no frame to wait for.
  const afterPaint = () => (document.visibilityState === 'hidden' ? startApp() : requestAnimationFrame(() => setTimeout(startApp)));
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, startApp, true);
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}
