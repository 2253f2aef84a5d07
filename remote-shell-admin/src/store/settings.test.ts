import { LOCAL_KEYS, PRESET_COLORS } from '@site/contract';
import {
  DEFAULT_SETTINGS,
  LAYOUT_DEFAULT_COLOR,
  isContentWidthFixedAllowed,
  isFixedSidebarEnabled,
  parseSettings,
  settingsExport,
  settingsStore,
} from './settings';
import { antdTableSize } from '../components/ShellTable';

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    settingsStore.reset();
  });

  it('[SET-14][SET-17][SET-18][SET-19][SET-20][SET-21][SET-22][SET-23][SET-24][SET-25][SET-26][SET-27] defaults exactly as the spec says', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      sideCollapsed: false,
      isMobile: false,
      theme: 'light',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      fixedSidebar: true,
      color: '#4285F4',
      weak: false,
      multiTab: true,
      lang: 'zh-CN',
      tableSize: 'middle',
      tableBordered: false,
      hideFooter: false,
    });
    expect(LAYOUT_DEFAULT_COLOR).toBe('#1890ff');
  });

  it('[SET-28] seven preset colours plus the default make the 8 swatches', () => {
    expect(PRESET_COLORS).toEqual(['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1']);
  });

  it('[SET-15] persists every change in localStorage and reads it back', () => {
    settingsStore.set({ theme: 'dark', tableSize: 'small', hideFooter: true, color: '#722ED1' });
    const stored = JSON.parse(localStorage.getItem(LOCAL_KEYS.settings)!);
    expect(stored).toMatchObject({ theme: 'dark', tableSize: 'small', hideFooter: true, color: '#722ED1' });
    settingsStore.reload();
    expect(settingsStore.get()).toMatchObject({ theme: 'dark', tableSize: 'small', hideFooter: true, color: '#722ED1' });
  });

  it('[SET-4] a fixed content width exists only in topmenu', () => {
    expect(isContentWidthFixedAllowed({ layout: 'topmenu' })).toBe(true);
    expect(isContentWidthFixedAllowed({ layout: 'sidemenu' })).toBe(false);
    settingsStore.set({ contentWidth: 'Fixed' });
    expect(settingsStore.get().contentWidth).toBe('Fixed');
    settingsStore.set({ layout: 'sidemenu' });
    expect(settingsStore.get().contentWidth).toBe('Fluid');
    settingsStore.set({ contentWidth: 'Fixed' });
    expect(settingsStore.get().contentWidth).toBe('Fluid');
  });

  it('[SET-6] the fixed-sidebar switch is disabled in topmenu', () => {
    expect(isFixedSidebarEnabled({ layout: 'topmenu' })).toBe(false);
    expect(isFixedSidebarEnabled({ layout: 'sidemenu' })).toBe(true);
  });

  it('ignores broken or foreign stored values', () => {
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ theme: 'pink', layout: 'sidemenu', color: 'red', weak: 'yes', tableSize: 'small' }))).toEqual({
      ...DEFAULT_SETTINGS,
      layout: 'sidemenu',
      tableSize: 'small',
    });
  });

  it('[SET-12][SET-13] the copied settings carry the company name', () => {
    const text = settingsExport({ ...DEFAULT_SETTINGS, theme: 'dark' }, '华电智控科技有限公司');
    const data = JSON.parse(text);
    expect(data.company).toBe('华电智控科技有限公司');
    expect(data.theme).toBe('dark');
    expect(data.layout).toBe('topmenu');
  });

  it('[LANG-2] writes the lang cookie when the language is set', () => {
    settingsStore.set({ lang: 'zh-CN' });
    expect(document.cookie).toContain('lang=zh-CN');
  });
});

describe('table size names', () => {
  it('[SET-9] maps default/middle/small onto antd 6 sizes', () => {
    expect((['default', 'middle', 'small'] as const).map(antdTableSize)).toEqual(['large', 'medium', 'small']);
  });
});

describe('settings where storage is denied (issue 15 finding 6)', () => {
  it('[ISSUE-15.6] a denied localStorage: changes apply and survive a re-read for this page, nothing throws', () => {
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      expect(() => settingsStore.set({ sideCollapsed: true })).not.toThrow();
      settingsStore.reload();
      expect(settingsStore.get().sideCollapsed).toBe(true);
    } finally {
      if (own) Object.defineProperty(window, 'localStorage', own);
      settingsStore.reset();
    }
  });
});
