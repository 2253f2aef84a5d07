import { THEME_SWITCH_MAX_MS, whenColourShown } from './theme-switch';
import { DEFAULT_PRESET, isCurrentPreset, presetCount, THEME_PRESETS } from '../store/settings';
import { PRESET_ROWS } from './SettingsDrawer';

/** Frames run by hand; the clock moves only when the test says so. */
function frames() {
  const queue: (() => void)[] = [];
  return { frame: (cb: () => void) => queue.push(cb), run: () => queue.splice(0).forEach((cb) => cb()), size: () => queue.length };
}

describe('theme switching', () => {
  it('[SET-16][ISSUE-19 spec details] 正在切换主题 stays until the shell shows the new colour, however long that takes', () => {
    const f = frames();
    let shown = '#4285f4';
    let clock = 0;
    const done = jest.fn();
    whenColourShown(
      '#722ED1',
      done,
      () => shown,
      f.frame,
      () => clock,
    );
    for (let i = 0; i < 100; i++) {
      clock += 16; // well past the old fixed 600 ms
      f.run();
    }
    expect(done).not.toHaveBeenCalled();
    shown = '#722ed1';
    f.run();
    expect(done).toHaveBeenCalledTimes(1);
    expect(f.size()).toBe(0);
  });

  it('[SET-16] gives up after the longest wait, and a cancel stops the checks', () => {
    const f = frames();
    let clock = 0;
    const done = jest.fn();
    whenColourShown(
      '#722ED1',
      done,
      () => '',
      f.frame,
      () => clock,
    );
    clock = THEME_SWITCH_MAX_MS;
    f.run();
    expect(done).toHaveBeenCalledTimes(1);
    const other = jest.fn();
    const cancel = whenColourShown(
      '#722ED1',
      other,
      () => '',
      f.frame,
      () => 0,
    );
    cancel();
    f.run();
    expect(other).not.toHaveBeenCalled();
    expect(f.size()).toBe(0);
  });

  it('[SET-28][ISSUE-19 spec details] 8 presets: the plain dark theme and the 7 colours, each colour light and dark', () => {
    expect(presetCount()).toBe(8);
    expect(THEME_PRESETS.plainDark).toMatchObject({ theme: 'dark', color: '#4285F4' });
    expect(THEME_PRESETS.colours.map((c) => c.color)).toEqual(['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1']);
    for (const c of THEME_PRESETS.colours) {
      expect(c.light).toMatchObject({ theme: 'light', color: c.color });
      expect(c.dark).toMatchObject({ theme: 'dark', color: c.color });
    }
    // The drawer offers every one of them (and the default, to come back to).
    const offered = PRESET_ROWS.flatMap((r) => r.presets);
    expect(offered).toHaveLength(16);
    expect(offered).toContain(THEME_PRESETS.plainDark);
    expect(offered).toContain(DEFAULT_PRESET);
    expect(new Set(offered.map((p) => `${p.theme}${p.color}`)).size).toBe(16);
    expect(isCurrentPreset({ theme: 'dark', color: '#722ed1' }, THEME_PRESETS.colours[6].dark)).toBe(true);
    expect(isCurrentPreset({ theme: 'light', color: '#722ed1' }, THEME_PRESETS.colours[6].dark)).toBe(false);
  });
});
