import { COOKIE_KEYS, DEFAULT_LANG, LOCAL_KEYS, PRESET_COLORS, PRIMARY_COLOR_LAYOUT, PRIMARY_COLOR_SHELL } from '@site/contract';
import { safeCookies, safeLocalStorage } from '@site/app-runtime';
import { externalStore } from './external-store';

export type NavTheme = 'light' | 'dark';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fluid' | 'Fixed';
export type TableSize = 'default' | 'middle' | 'small';

/** The settings state of docs/requirements.md SET-14. */
export interface Settings {
  sideCollapsed: boolean;
  isMobile: boolean;
  theme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  color: string;
  weak: boolean;
  multiTab: boolean;
  lang: string;
  tableSize: TableSize;
  tableBordered: boolean;
  hideFooter: boolean;
}

/**
 * The spec reads the default primary colour two ways (SET-27): the shell's settings use #4285F4, the layout's
 * own defaults (ant-design-pro's defaultSettings) use #1890ff. The shell value wins for the store; the layout one
 * is kept here so both readings are named in one place.
 */
export const LAYOUT_DEFAULT_COLOR = PRIMARY_COLOR_LAYOUT;

/** A theme preset: a nav theme with a primary colour. */
export interface ThemePreset {
  key: string;
  name: string;
  theme: NavTheme;
  color: string;
}

const PRESET_NAMES = ['薄暮', '火山', '日暮', '明青', '极光绿', '极客蓝', '酱紫'] as const;

/**
 * SET-28, the shell's 8 presets: the plain dark theme (the default colour on dark) and the 7 preset colours, each
 * colour in a light and a dark variant (15 choices). Plus the default itself (light, #4285F4), to come back to.
 */
export const THEME_PRESETS: { plainDark: ThemePreset; colours: { name: string; color: string; light: ThemePreset; dark: ThemePreset }[] } = {
  plainDark: { key: 'dark', name: '暗色', theme: 'dark', color: PRIMARY_COLOR_SHELL },
  colours: PRESET_COLORS.map((color, i) => ({
    name: PRESET_NAMES[i],
    color,
    light: { key: color, name: PRESET_NAMES[i], theme: 'light', color },
    dark: { key: `dark-${color}`, name: `${PRESET_NAMES[i]}（暗色）`, theme: 'dark', color },
  })),
};
export const DEFAULT_PRESET: ThemePreset = { key: 'default', name: '默认蓝', theme: 'light', color: PRIMARY_COLOR_SHELL };

/** The shell's 8 presets by the spec's count: the plain dark theme and the 7 colours (each light and dark). */
export const presetCount = () => 1 + THEME_PRESETS.colours.length;

/** Is this preset the current theme and colour? */
export const isCurrentPreset = (s: Pick<Settings, 'theme' | 'color'>, p: ThemePreset) =>
  s.theme === p.theme && s.color.toLowerCase() === p.color.toLowerCase();

/** Defaults of docs/requirements.md SET-17..SET-27. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  sideCollapsed: false,
  isMobile: false,
  theme: 'light',
  layout: 'topmenu',
  contentWidth: 'Fluid',
  fixedHeader: true,
  fixedSidebar: true,
  color: PRIMARY_COLOR_SHELL,
  weak: false,
  multiTab: true,
  lang: DEFAULT_LANG,
  tableSize: 'middle',
  tableBordered: false,
  hideFooter: false,
});

const ENUMS: Partial<Record<keyof Settings, readonly string[]>> = {
  theme: ['light', 'dark'],
  layout: ['sidemenu', 'topmenu'],
  contentWidth: ['Fluid', 'Fixed'],
  tableSize: ['default', 'middle', 'small'],
  lang: [DEFAULT_LANG],
};

/**
 * The rules between settings: a fixed content width exists only with the top menu (SET-4), so switching to the
 * side menu makes it fluid again. (The fixed-sidebar switch is merely disabled in topmenu, its value is kept.)
 */
export function normalizeSettings(s: Settings): Settings {
  if (s.layout !== 'topmenu' && s.contentWidth === 'Fixed') return { ...s, contentWidth: 'Fluid' };
  return s;
}

/** Whether a control of the drawer is usable under the current settings. */
export function isContentWidthFixedAllowed(s: Pick<Settings, 'layout'>): boolean {
  return s.layout === 'topmenu';
}
export function isFixedSidebarEnabled(s: Pick<Settings, 'layout'>): boolean {
  return s.layout !== 'topmenu';
}

/** Read the stored settings, keeping only known keys with values of the right type; anything else is a default. */
export function parseSettings(raw: string | null | undefined): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  if (!raw) return out;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return out;
  }
  if (!data || typeof data !== 'object') return out;
  const rec = data as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const v = rec[key];
    const def = DEFAULT_SETTINGS[key];
    if (typeof v !== typeof def) continue;
    const allowed = ENUMS[key];
    if (allowed && !allowed.includes(v as string)) continue;
    if (key === 'color' && !/^#[0-9a-fA-F]{6}$/.test(v as string)) continue;
    (out as unknown as Record<string, unknown>)[key] = v;
  }
  return normalizeSettings(out);
}

function readStorage(): Settings {
  return parseSettings(safeLocalStorage.getItem(LOCAL_KEYS.settings));
}

function writeStorage(s: Settings): void {
  // isMobile follows the screen, it is not a preference: stored for completeness but re-measured on start.
  // Private mode or quota: the guarded store keeps the settings in memory for this visit.
  safeLocalStorage.setItem(LOCAL_KEYS.settings, JSON.stringify(s));
}

function writeLangCookie(lang: string): void {
  safeCookies.set(COOKIE_KEYS.lang, lang, { path: '/', expires: 365, sameSite: 'Lax' });
}

const store = externalStore<Settings>(readStorage());

/** One store for the shell's settings, persisted in localStorage (SET-15). */
export const settingsStore = {
  get: store.get,
  subscribe: store.subscribe,
  set(patch: Partial<Settings>): void {
    const next = normalizeSettings({ ...store.get(), ...patch });
    if (patch.lang !== undefined) writeLangCookie(next.lang);
    writeStorage(next);
    store.set(next);
  },
  reset(): void {
    const next = { ...DEFAULT_SETTINGS };
    writeStorage(next);
    store.set(next);
  },
  /** Re-read localStorage (tests, or another tab changed it). */
  reload(): void {
    store.set(readStorage());
  },
};

export const useSettings = store.use;

/** The copy-settings text (SET-12, SET-13): the settings as JSON with the company name. */
export function settingsExport(s: Settings, companyName: string): string {
  const { isMobile: _m, sideCollapsed: _c, ...prefs } = s;
  void _m;
  void _c;
  return JSON.stringify({ company: companyName, ...prefs }, null, 2);
}
