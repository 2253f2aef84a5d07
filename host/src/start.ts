/**
 * The page loader of a rendered page: the page renderer puts it where the host's entry chunk was and names the
 * entry in `data-main`. The page is on screen and readable without JavaScript; the entry chunk (and everything it
 * loads) starts once the pictures on screen are painted (federation/paint-first). Until then the page's inline
 * catcher (page-catch.ts) keeps a portal's messages and the last click on a button for the app; the loader does it
 * itself when the catcher did not run (a page rendered by an older host build, whose catcher the policy no longer
 * allows). Built alone (pageStart in build-config), without federation or React: a few hundred bytes.
 */
import { afterPicturesPainted } from './federation/paint-first';
import { catchEarly } from './services/early-handoff';

const entry = (document.currentScript as HTMLScriptElement | null)?.dataset.main;

if (entry) {
  catchEarly();
  // A deferred script: the document is parsed, its pictures are in the DOM.
  void afterPicturesPainted().then(() => {
    const script = document.createElement('script');
    script.src = entry;
    document.head.appendChild(script);
  });
}
