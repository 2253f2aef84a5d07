import { act, render, screen } from '@testing-library/react';
import { MOBILE_QUERY, useIsMobile } from './use-is-mobile';

function Probe() {
  return <span>{useIsMobile() ? 'mobile' : 'desktop'}</span>;
}

describe('useIsMobile', () => {
  it('[CONST-1] the shell switches to its mobile layout below 550 px and back, following the media query', () => {
    let width = 600;
    const listeners = new Set<() => void>();
    window.matchMedia = ((query: string) => ({
      media: query,
      get matches() {
        return query === MOBILE_QUERY && width < 550;
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })) as unknown as typeof window.matchMedia;
    expect(MOBILE_QUERY).toBe('(max-width: 549.98px)');
    render(<Probe />);
    expect(screen.getByText('desktop')).toBeTruthy();
    act(() => {
      width = 549;
      listeners.forEach((l) => l());
    });
    expect(screen.getByText('mobile')).toBeTruthy();
  });
});
