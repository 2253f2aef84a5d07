/**
 * The one door to localStorage, sessionStorage and cookies (finding 6). A browser may deny all three:
 * a frame on another site with third-party storage blocked throws SecurityError on merely reading
 * `window.localStorage`, silently drops cookie writes (and SameSite=Lax cookies are refused in any cross-site
 * frame), a sandboxed frame throws on `document.cookie`, a full disk throws QuotaExceededError. None of that may stop
 * the site: every call here returns, and whatever the browser would not keep is kept in memory for the page's life,
 * so the site still renders, navigates and keeps a sign-in until the page is closed.
 *
 * Nothing else in src may touch those APIs (a guard test in this folder checks).
 */
import Cookies from 'js-cookie';

export type CookieAttributes = Cookies.CookieAttributes;

export interface SafeStorage {
  getItem(key: string): string | null;
  /** false when the browser would not keep it (the value is then kept in memory). */
  setItem(key: string, value: string): boolean;
  removeItem(key: string): void;
  clear(): void;
}

type Area = 'localStorage' | 'sessionStorage';

/** The browser's store, or null when reading the property itself throws (denied) or there is none (no window). */
function browserArea(area: Area): Storage | null {
  try {
    return typeof window === 'undefined' ? null : (window[area] ?? null);
  } catch {
    return null;
  }
}

function createSafeStorage(area: Area): SafeStorage & { resetMemory(): void } {
  // Values the browser refused; they win over the browser's copy, which is then absent or older.
  const memory = new Map<string, string>();
  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key)!;
      try {
        return browserArea(area)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const s = browserArea(area);
        if (s) {
          s.setItem(key, value);
          memory.delete(key);
          return true;
        }
      } catch {
        /* quota or denied: kept in memory below */
      }
      memory.set(key, value);
      return false;
    },
    removeItem(key) {
      memory.delete(key);
      try {
        browserArea(area)?.removeItem(key);
      } catch {
        /* denied: nothing stored there to remove */
      }
    },
    clear() {
      memory.clear();
      try {
        browserArea(area)?.clear();
      } catch {
        /* denied */
      }
    },
    resetMemory() {
      memory.clear();
    },
  };
}

export const safeLocalStorage = createSafeStorage('localStorage');
export const safeSessionStorage = createSafeStorage('sessionStorage');

// Cookies the browser would not keep (value) or would not delete (null), for this page's life.
const cookieMemory = new Map<string, string | null>();

function readCookie(name: string): string | undefined {
  try {
    return typeof document === 'undefined' ? undefined : Cookies.get(name);
  } catch {
    return undefined;
  }
}

function cookieHeader(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie;
  } catch {
    return '';
  }
}

export const safeCookies = {
  get(name: string): string | undefined {
    if (cookieMemory.has(name)) return cookieMemory.get(name) ?? undefined;
    return readCookie(name);
  },
  /** Writes and reads back: a write the browser dropped without a word is kept in memory. false then. */
  set(name: string, value: string, attributes?: CookieAttributes): boolean {
    try {
      if (typeof document !== 'undefined') Cookies.set(name, value, attributes);
    } catch {
      /* cookies unavailable (sandboxed frame) */
    }
    if (readCookie(name) === value) {
      cookieMemory.delete(name);
      return true;
    }
    cookieMemory.set(name, value);
    return false;
  },
  remove(name: string, attributes?: CookieAttributes): void {
    cookieMemory.delete(name);
    try {
      if (typeof document !== 'undefined') Cookies.remove(name, attributes);
    } catch {
      /* cookies unavailable */
    }
  },
  /**
   * Removes the cookie and checks it is gone; when a copy stays readable (set for another path than the one removed)
   * it is hidden for the page's life so a sign-out is never undone by a leftover.
   */
  removeEverywhere(name: string, paths: readonly string[]): void {
    safeCookies.remove(name);
    for (const path of paths) safeCookies.remove(name, { path });
    if (readCookie(name) !== undefined) cookieMemory.set(name, null);
  },
  /** Names of every cookie this page can see, including those kept only in memory. */
  names(): string[] {
    const fromBrowser = cookieHeader()
      .split(';')
      .map((c) => c.split('=')[0]?.trim())
      .filter((n): n is string => !!n);
    const kept = [...cookieMemory].filter(([, v]) => v !== null).map(([k]) => k);
    return [...new Set([...fromBrowser, ...kept])];
  },
};

/** For tests: forget what was kept in memory. */
export function resetSafeStorageForTests(): void {
  safeLocalStorage.resetMemory();
  safeSessionStorage.resetMemory();
  cookieMemory.clear();
}
