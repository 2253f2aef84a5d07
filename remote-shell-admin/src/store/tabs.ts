import { externalStore } from './external-store';

/** One open tab of the multi-tab bar. */
export interface TabItem {
  /** Full path (pathname + search): one tab per visited page. */
  key: string;
  title: string;
  /** The route keeps its view alive while the tab is open. */
  keepAlive: boolean;
}

export interface TabsState {
  tabs: TabItem[];
  activeKey: string | null;
  /** Keys of the views kept alive (TAB-5, TAB-6). */
  cachedViews: string[];
}

export const LAST_TAB_TEXT = '这是最后一个标签了, 无法被关闭';
export const NO_LEFT_TEXT = '左侧没有标签';
export const NO_RIGHT_TEXT = '右侧没有标签';

/** The result of a close action: the next state, the tab to navigate to, or the warning to show instead. */
export interface CloseResult {
  state: TabsState;
  /** Where to go when the active tab changed. */
  navigateTo?: string;
  warning?: string;
}

export const EMPTY_TABS: TabsState = { tabs: [], activeKey: null, cachedViews: [] };

/** Visiting a page: add its tab if new, make it active; a keep-alive route joins the cached views (TAB-5). */
export function activateTab(s: TabsState, tab: TabItem): TabsState {
  const exists = s.tabs.find((t) => t.key === tab.key);
  const tabs = exists ? s.tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title, keepAlive: tab.keepAlive } : t)) : [...s.tabs, tab];
  const cachedViews = tab.keepAlive && !s.cachedViews.includes(tab.key) ? [...s.cachedViews, tab.key] : s.cachedViews;
  return { tabs, activeKey: tab.key, cachedViews };
}

function removeKeys(s: TabsState, keys: string[], activeKey: string | null): TabsState {
  return {
    tabs: s.tabs.filter((t) => !keys.includes(t.key)),
    activeKey,
    // A closed tab's view is dropped from the cache (TAB-6): reopening it starts fresh.
    cachedViews: s.cachedViews.filter((k) => !keys.includes(k)),
  };
}

/** Close one tab (the current one by default). */
export function closeTab(s: TabsState, key: string | null = s.activeKey): CloseResult {
  if (s.tabs.length <= 1) return { state: s, warning: LAST_TAB_TEXT };
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0) return { state: s };
  if (key !== s.activeKey) return { state: removeKeys(s, [key!], s.activeKey) };
  const next = s.tabs[i + 1] ?? s.tabs[i - 1];
  return { state: removeKeys(s, [key!], next.key), navigateTo: next.key };
}

/** Close the tabs left of `key` (the current one by default). */
export function closeLeft(s: TabsState, key: string | null = s.activeKey): CloseResult {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i <= 0) return { state: s, warning: NO_LEFT_TEXT };
  const gone = s.tabs.slice(0, i).map((t) => t.key);
  const activeGone = s.activeKey !== null && gone.includes(s.activeKey);
  return { state: removeKeys(s, gone, activeGone ? key : s.activeKey), navigateTo: activeGone ? key! : undefined };
}

/** Close the tabs right of `key` (the current one by default). */
export function closeRight(s: TabsState, key: string | null = s.activeKey): CloseResult {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0 || i === s.tabs.length - 1) return { state: s, warning: NO_RIGHT_TEXT };
  const gone = s.tabs.slice(i + 1).map((t) => t.key);
  const activeGone = s.activeKey !== null && gone.includes(s.activeKey);
  return { state: removeKeys(s, gone, activeGone ? key : s.activeKey), navigateTo: activeGone ? key! : undefined };
}

/** Close all tabs but the current one (the bar never goes empty: the page on screen keeps its tab). */
export function closeAll(s: TabsState, key: string | null = s.activeKey): CloseResult {
  if (s.tabs.length <= 1) return { state: s, warning: LAST_TAB_TEXT };
  const gone = s.tabs.filter((t) => t.key !== key).map((t) => t.key);
  const activeGone = s.activeKey !== null && gone.includes(s.activeKey);
  return { state: removeKeys(s, gone, activeGone ? key : s.activeKey), navigateTo: activeGone ? key! : undefined };
}

// ---- the store the layout uses (module state, so a remount of the shell keeps the open tabs)

const store = externalStore<TabsState>(EMPTY_TABS);

export const tabsStore = {
  get: store.get,
  subscribe: store.subscribe,
  set: store.set,
  reset(): void {
    store.set(EMPTY_TABS);
  },
};

export const useTabs = store.use;
