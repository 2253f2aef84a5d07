const logoutCall = jest.fn();
jest.mock('./session-api', () => ({ ...jest.requireActual('./session-api'), logoutCall: (t: string) => logoutCall(t) }));

import { performLogout } from './session';
import { authStore } from './store';
import { getToken } from './token';

afterEach(() => {
  authStore.clear();
  logoutCall.mockReset();
});

describe('sign-out', () => {
  test('[AUTH-7][ISSUE-15.7] the token is gone at once, while the server call is still under way; the server gets that token', async () => {
    let answer: (v: unknown) => void = () => undefined;
    logoutCall.mockReturnValue(new Promise((r) => (answer = r)));
    authStore.login('tok-1');
    let done = false;
    const out = performLogout().then(() => (done = true));
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain('access_token=');
    expect(authStore.get().token).toBeUndefined();
    expect(logoutCall).toHaveBeenCalledWith('tok-1');
    await Promise.resolve();
    expect(done).toBe(false);
    answer({ code: 200, msg: '退出成功' });
    await out;
    expect(done).toBe(true);
  });

  test('[AUTH-7] a failed server call still signs out (token, roles, permissions and the openid entry cleared); no token means no call', async () => {
    logoutCall.mockRejectedValue(new Error('Network Error'));
    authStore.login('tok-2');
    authStore.setInfo({
      user: { userId: 1, userName: 'u', nickName: 'u', avatar: '' } as never,
      roles: ['editor'],
      permissions: ['content:article:list'],
    });
    document.cookie = 'openid=wx-1; path=/';
    await performLogout();
    expect(getToken()).toBeUndefined();
    expect([authStore.get().roles, authStore.get().permissions]).toEqual([[], []]);
    expect(document.cookie).not.toContain('openid=');
    logoutCall.mockClear();
    await performLogout();
    expect(logoutCall).not.toHaveBeenCalled();
  });
});
