import { isMobileWidth, MOBILE_QUERY } from './mobile';

describe('mobile switch', () => {
  it('[CONST-1][ISSUE-19 spec details] the shell switches to its mobile layout at 550 px, not at antd md (768 px)', () => {
    expect(MOBILE_QUERY).toBe('(max-width: 550px)');
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(550)).toBe(true);
    expect(isMobileWidth(551)).toBe(false);
    expect(isMobileWidth(700)).toBe(false);
  });
});
