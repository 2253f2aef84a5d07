import { keepRootFontSize, rootFontSize } from './root-font';

describe('root font size', () => {
  it('16px at 750 and wider', () => {
    expect(rootFontSize(750)).toBe('16px');
    expect(rootFontSize(1920)).toBe('16px');
  });
  it('width / 750 * 16 below', () => {
    expect(rootFontSize(375)).toBe('8px');
    expect(rootFontSize(390)).toBe(`${(390 / 750) * 16}px`);
  });
  it('follows resizes', () => {
    const stop = keepRootFontSize(window);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('8px');
    stop();
  });
});
