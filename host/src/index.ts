import { startEarly } from './federation/early';
import { listenForMessagesEarly } from './services/early-messages';

// A portal's messages wait for the app from here on (those the page's inline catcher kept come first).
listenForMessagesEarly();
// The remotes file and the current page's remote start downloading now, in parallel with the shared libraries.
startEarly(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs.
void import('./bootstrap');
