import { startEarly } from './federation/early';
import { listenForMessagesEarly } from './services/early-messages';
import { yieldToMain } from './services/yield-to-main';

// A portal's messages wait for the app from here on (those the page's inline catcher kept come first).
listenForMessagesEarly();
// The remotes file and the current page's remote start downloading now, in parallel with the shared libraries.
startEarly(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs, in a task of its own (the federation
// runtime's start above is one already).
void yieldToMain().then(() => import('./bootstrap'));
