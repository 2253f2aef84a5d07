import { startAdScript } from './ad-script';

describe('advertising script', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('does nothing without a url', () => {
    startAdScript('');
    expect(document.querySelectorAll('script[data-site-ad-script]')).toHaveLength(0);
  });
  it('loads one script and puts it back when it disappears, checked every 20 000 ms', () => {
    const stop = startAdScript('https://ads.example/a.js');
    const list = () => document.querySelectorAll('script[data-site-ad-script]');
    expect(list()).toHaveLength(1);
    expect((list()[0] as HTMLScriptElement).src).toBe('https://ads.example/a.js');
    list()[0].remove();
    jest.advanceTimersByTime(19_999);
    expect(list()).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(list()).toHaveLength(1);
    jest.advanceTimersByTime(20_000);
    expect(list()).toHaveLength(1);
    stop();
    list().forEach((s) => s.remove());
  });
});
