import { preloadRemote } from '@module-federation/enhanced/runtime';
import { yieldToMain } from '../services/yield-to-main';
import { remotesReady } from './remotes';
import { routeFor } from './route-table';

/**
 * Started by the entry chunk, before React and the other shared libraries are downloaded: read the remotes file
 * (index.html already began its download) and download the current page's remote files, so that they arrive
 * alongside the host's instead of after them. Only downloads: the page module runs once the app asks for it.
 * Imports nothing shared (the shared scope does not exist yet).
 */
export function startEarly(pathname: string): void {
  earlyPreload = remotesReady()
    // In a task after the entry chunk's own: the runtime's preload work (about 10 ms at CPU 4x) would lengthen it.
    .then(yieldToMain)
    .then(() => {
      const route = routeFor(pathname);
      if (!route) return;
      return preloadRemote([{ nameOrAlias: route.remote, exposes: [route.module], resourceCategory: 'sync', share: false }]);
    })
    .then(
      () => undefined,
      () => {
        // Reported by the app, which awaits the same remotesReady() promise; a failed preload costs nothing.
      },
    );
}

let earlyPreload: Promise<void> = Promise.resolve();
/** Settles once the current page's early preload is over (its links are in the page), whatever its outcome. */
export const earlyPreloadDone = (): Promise<void> => earlyPreload;
