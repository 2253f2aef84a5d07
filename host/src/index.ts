import { startEarly } from './federation/early';
import { listenForMessagesEarly } from './services/early-messages';
import { recordEarlyClicks } from './services/early-clicks';
import { takeEarlyHandoff } from './services/early-handoff';

// On a rendered page, the page loader (start.ts) has kept what came before this chunk; from here on the app's early
// listeners keep it: a portal's messages wait for the app, and clicks on buttons for their part to hydrate.
const handoff = takeEarlyHandoff();
listenForMessagesEarly(handoff?.messages);
recordEarlyClicks(handoff?.click);
// The remotes file and the current page's remote start downloading now, in parallel with the shared libraries.
startEarly(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs.
void import('./bootstrap');
