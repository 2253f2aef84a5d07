import * as C from './constants';

describe('[CONST] business constants of section 9', () => {
  test('search, notice, footer, timing and limits', () => {
    expect(C.SEARCH_PAGE_SIZE).toBe(20);
    expect([...C.SEARCHABLE_CHANNEL_IDS]).toEqual([14, 10, 11, 12]);
    expect(C.NOTICE).toMatchObject({
      pageSize: 5,
      defaultType: '1',
      status: '0',
      popoverWidth: 300,
      listMaxHeight: 300,
      detailModalWidth: 900,
      titleMaxLength: 32,
    });
    expect(C.FOOTER_CONTACT_MAX).toBe(2);
    expect(C.ERROR_NOTIFICATION_MS).toBe(5000);
    expect(C.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(C.AD_SCRIPT_CHECK_MS).toBe(20000);
    expect(C.WX_REDIRECT_DELAY_MS).toBe(200);
    expect(C.UPLOAD_MAX_BYTES).toBe(2 * 1024 * 1024);
  });

  test('[CONST-1][CONST-3] mobile threshold and breakpoints', () => {
    expect(C.MOBILE_WIDTH).toBe(550);
    expect(C.BREAKPOINTS).toEqual({ xs: [0, 575], sm: [576, 767], md: [768, 991], lg: [992, 1199], xl: [1200, 1599], xxl: [1600, Infinity] });
  });

  test('[CONST-5 deviation: urlPre and access_token are named but never stored, see contract README] storage keys and cookies', () => {
    expect(C.LOCAL_KEYS).toMatchObject({ visitUv: 'visit_uv', visitTracked: 'visit_tracked', urlPre: 'urlPre', accessToken: 'access_token' });
    expect(C.SESSION_KEYS.visitSi).toBe('visit_si');
    expect(Object.values(C.COOKIE_KEYS)).toEqual(['access_token', 'openid', 'isMobileWeChat', 'reUrl', 'lang']);
  });

  test('[SET-28][LANG-1] colours and language: the two primary colour constants, the presets, zh-CN the only language enabled', () => {
    expect(C.PRIMARY_COLOR_SHELL).toBe('#4285F4');
    expect(C.PRIMARY_COLOR_LAYOUT).toBe('#1890ff');
    expect([...C.PRESET_COLORS]).toEqual(['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1']);
    expect(C.DEFAULT_LANG).toBe('zh-CN');
    expect(C.LANGS.filter((l) => l.enabled).map((l) => l.value)).toEqual(['zh-CN']);
    expect(C.LANGS.map((l) => l.value)).toEqual(['zh-CN', 'en-US']);
  });
});
