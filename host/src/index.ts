import { startEarly } from './federation/early';
import { listenForMessagesEarly } from './services/early-messages';

// A portal's messages to a rendered page can come before the app listens: they wait for it.
listenForMessagesEarly();
// The remotes file and the current page's remote start downloading now, in parallel with the shared libraries.
startEarly(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
