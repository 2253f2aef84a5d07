import { useSyncExternalStore } from 'react';

/**
 * A module-level value that components read with `useSyncExternalStore`: the settings and the open tabs. Module
 * state, so a remount of the shell keeps it; a new value (another object) re-renders the readers, the same one
 * does nothing.
 */
export function externalStore<S>(initial: S) {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = (): S => state;
  const subscribe = (l: () => void): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return {
    get,
    subscribe,
    set(next: S): void {
      if (next === state) return;
      state = next;
      listeners.forEach((l) => l());
    },
    /** The current value in a component, re-rendered on each change. */
    use: (): S => useSyncExternalStore(subscribe, get, get),
  };
}
