import { startEarly } from './federation/early';

// The remotes file and the current page's remote start downloading now, in parallel with the shared libraries.
startEarly(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
