import { startAdScript } from './ad-script';

describe('advertising script', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const list = () => document.querySelectorAll<HTMLScriptElement>('script[data-site-ad-script]');

  it('[AD-1 deviation: no script until AD_SCRIPT_URL names one, see contract README][AD-2][ISSUE-19 spec details] none configured: nothing is fetched and no timer runs', () => {
    startAdScript('');
    startAdScript(null);
    expect(list()).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('[AD-1][AD-2][ISSUE-19 spec details] a configured script is loaded, then reloaded (a new element) every 20 000 ms', () => {
    const stop = startAdScript('https://ads.example/a.js');
    expect(list()).toHaveLength(1);
    const first = list()[0];
    expect(first.src).toBe('https://ads.example/a.js');
    jest.advanceTimersByTime(19_999);
    expect(list()[0]).toBe(first);
    jest.advanceTimersByTime(1);
    expect(list()).toHaveLength(1);
    const second = list()[0];
    expect(second).not.toBe(first);
    expect(second.src).toBe('https://ads.example/a.js');
    jest.advanceTimersByTime(20_000);
    expect(list()).toHaveLength(1);
    expect(list()[0]).not.toBe(second);
    stop();
    list().forEach((s) => s.remove());
  });

  it('[AD-2] a script that was removed comes back at the next reload', () => {
    const stop = startAdScript('https://ads.example/a.js');
    list()[0].remove();
    jest.advanceTimersByTime(20_000);
    expect(list()).toHaveLength(1);
    stop();
    list().forEach((s) => s.remove());
  });
});
