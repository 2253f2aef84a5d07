import { activateTab, closeAll, closeLeft, closeRight, closeTab, EMPTY_TABS, type TabsState } from './tabs';

const tab = (key: string, keepAlive = true) => ({ key, title: key, keepAlive });
function open(...keys: string[]): TabsState {
  return keys.reduce((s, k) => activateTab(s, tab(k)), EMPTY_TABS);
}

describe('tabs store', () => {
  it('[TAB-5] activating a keep-alive tab adds its view to the cached views, once', () => {
    let s = activateTab(EMPTY_TABS, tab('/a'));
    s = activateTab(s, tab('/b', false));
    s = activateTab(s, tab('/a'));
    expect(s.tabs.map((t) => t.key)).toEqual(['/a', '/b']);
    expect(s.activeKey).toBe('/a');
    expect(s.cachedViews).toEqual(['/a']);
  });

  it('[TAB-1][TAB-6] closing the current tab goes to its neighbour and drops its cached view', () => {
    let s = open('/a', '/b', '/c');
    s = activateTab(s, tab('/b'));
    const r = closeTab(s);
    expect(r.warning).toBeUndefined();
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/a', '/c']);
    expect(r.navigateTo).toBe('/c');
    expect(r.state.cachedViews).toEqual(['/a', '/c']);
  });

  it('[TAB-1] closing a tab that is not active keeps the active one', () => {
    const r = closeTab(open('/a', '/b', '/c'), '/a');
    expect(r.state.activeKey).toBe('/c');
    expect(r.navigateTo).toBeUndefined();
  });

  it('[TAB-2] the last tab cannot be closed', () => {
    const s = open('/a');
    expect(closeTab(s)).toEqual({ state: s, warning: '这是最后一个标签了, 无法被关闭' });
    expect(closeAll(s).warning).toBe('这是最后一个标签了, 无法被关闭');
  });

  it('[TAB-3] close left: message when nothing is on the left, else closes them', () => {
    const s = open('/a', '/b', '/c');
    expect(closeLeft(s, '/a').warning).toBe('左侧没有标签');
    const r = closeLeft(s);
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/c']);
    expect(r.state.cachedViews).toEqual(['/c']);
  });

  it('[TAB-4] close right: message when nothing is on the right, else closes them', () => {
    const s = open('/a', '/b', '/c');
    expect(closeRight(s).warning).toBe('右侧没有标签');
    const r = closeRight(activateTab(s, tab('/a')));
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/a']);
    expect(r.state.cachedViews).toEqual(['/a']);
  });

  it('[TAB-1] close right of a tab left of the active one moves to that tab', () => {
    const r = closeRight(open('/a', '/b', '/c'), '/a');
    expect(r.navigateTo).toBe('/a');
    expect(r.state.activeKey).toBe('/a');
  });

  it('[TAB-1][TAB-6] close all keeps only the current tab', () => {
    const r = closeAll(activateTab(open('/a', '/b', '/c'), tab('/b')));
    expect(r.state.tabs.map((t) => t.key)).toEqual(['/b']);
    expect(r.state.cachedViews).toEqual(['/b']);
    expect(r.navigateTo).toBeUndefined();
  });
});
