import { startEarly } from './federation/early';
import { listenForMessagesEarly } from './services/early-messages';
import { recordEarlyClicks } from './services/early-clicks';
import { afterLargestPicture } from './federation/paint-first';
import { RENDERED_PAGE_ID } from './federation/rendered-page';

// A portal's messages to a rendered page can come before the app listens: they wait for it.
listenForMessagesEarly();
// So are clicks on its buttons: the page is on screen before React can answer them.
recordEarlyClicks();
// The remotes file and the current page's remote start downloading now, in parallel with the shared libraries.
startEarly(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs. A rendered page is on screen already:
// its largest picture is painted first.
if (document.getElementById(RENDERED_PAGE_ID)) void afterLargestPicture().then(() => import('./bootstrap'));
else void import('./bootstrap');
