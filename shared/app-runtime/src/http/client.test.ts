import type { AxiosError, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosHeaders } from 'axios';

const notifyError = jest.fn();
const confirm = jest.fn();
jest.mock('./notify', () => ({
  notify: {
    error: (...a: unknown[]) => notifyError(...a),
    info: jest.fn(),
    success: jest.fn(),
    close: jest.fn(),
    confirm: (o: unknown) => confirm(o),
  },
}));

import { onError, onRequest, onResponse, relogin, resetNetworkErrorCounts, httpClient } from './client';
import { bus } from '../bus';
import { codeMessage } from './messages';
import { HTTP_TIMEOUT_MS } from '@site/contract';

const cfg = (extra: Record<string, unknown> = {}) =>
  ({ url: '/api/x', headers: new AxiosHeaders(), ...extra }) as unknown as InternalAxiosRequestConfig;
const res = (data: unknown, extra: Record<string, unknown> = {}) =>
  ({ data, status: 200, config: cfg(extra), headers: {} }) as unknown as AxiosResponse;

function clearCookies() {
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
}

beforeEach(() => {
  notifyError.mockReset();
  confirm.mockReset();
  relogin.show = false;
  resetNetworkErrorCounts();
  clearCookies();
});

describe('HTTP client', () => {
  test('[HTTP-1][HTTP-2] same origin, 60 s timeout', async () => {
    const http = await httpClient();
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.timeout).toBe(HTTP_TIMEOUT_MS);
    expect(HTTP_TIMEOUT_MS).toBe(60000);
  });

  test('[issue 42.2] axios is loaded by the first call, not when the runtime loads (a rendered page hydrates without it), and once', async () => {
    const loads = jest.fn();
    await jest.isolateModulesAsync(async () => {
      jest.doMock('axios', () => {
        loads();
        return jest.requireActual('axios');
      });
      const { request } = await import('./client');
      expect(loads).not.toHaveBeenCalled();
      const adapter = async (config: InternalAxiosRequestConfig) => ({ data: { code: 200, n: 1 }, status: 200, statusText: '', headers: {}, config });
      await expect(request.get('/api/x', { adapter })).resolves.toEqual({ code: 200, n: 1 });
      await request.get('/api/y', { adapter });
      expect(loads).toHaveBeenCalledTimes(1);
    });
  });

  test('[HTTP-3] Bearer token from the access_token cookie; none without a cookie', () => {
    expect(onRequest(cfg()).headers.get('Authorization')).toBeUndefined();
    document.cookie = 'access_token=tok123; path=/';
    expect(onRequest(cfg()).headers.get('Authorization')).toBe('Bearer tok123');
  });

  test('[ACCT-2][ACCT-4] isToken:false sends no token header', () => {
    document.cookie = 'access_token=tok123; path=/';
    expect(onRequest(cfg({ isToken: false })).headers.get('Authorization')).toBeUndefined();
  });

  test('[HTTP-4 deviation: no fixed-bearer flag, a bearer in the bundle is public, see contract README][ISSUE-19 spec details] every call carries the user token', async () => {
    document.cookie = 'access_token=tok123; path=/';
    const legacy = { fixedBearer: true } as Record<string, unknown>;
    expect(onRequest(cfg(legacy)).headers.get('Authorization')).toBe('Bearer tok123');
    expect(Object.keys(await import('../index'))).not.toContain('setFixedBearer');
  });

  test.each([200, 'SUCCESS', 4928, 1])('[HTTP-5] code %p passes through', (code) => {
    const body = { code, msg: 'x', data: 1 };
    expect(onResponse(res(body))).toBe(body);
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('[issue 34.4][HTTP-6] a 401 saying the account is disabled: the one notice says 账号已停用, not that the sign-in expired', async () => {
    await Promise.resolve(onResponse(res({ code: 401, msg: '账号已停用，请联系管理员' }))).catch(() => undefined);
    expect(confirm).toHaveBeenCalledTimes(1);
    const opts = confirm.mock.calls[0][0];
    expect(opts.content).toBe('账号已停用，请联系管理员');
    opts.afterClose();
  });

  test('[HTTP-5] a body without a code and bare arrays pass', () => {
    const arr = [1, 2];
    expect(onResponse(res(arr))).toBe(arr);
    const page = { content: [], totalElements: 0 };
    expect(onResponse(res(page))).toBe(page);
  });

  test('[HTTP-6][AUTH-9][AUTH-10][AUTH-11] 401: one single login-expired notice; confirm emits logout; flag resets on close', async () => {
    const logout = jest.fn();
    bus.on('logout', logout);
    const calls = [1, 2, 3].map(() => Promise.resolve(onResponse(res({ code: 401, msg: 'x' }))).catch((e) => e));
    await Promise.all(calls);
    expect(confirm).toHaveBeenCalledTimes(1);
    const opts = confirm.mock.calls[0][0];
    expect(opts.content).toBe('登录状态已过期，您可以继续留在该页面，或者重新登录');
    opts.onOk();
    expect(logout).toHaveBeenCalledWith({ reason: 'expired' });
    expect(relogin.show).toBe(true);
    opts.afterClose();
    expect(relogin.show).toBe(false);
    await Promise.resolve(onResponse(res({ code: 401 }))).catch(() => undefined);
    expect(confirm).toHaveBeenCalledTimes(2);
    bus.off('logout', logout);
  });

  test('[HTTP-7] 500 is notified except for /login', async () => {
    await expect(Promise.resolve(onResponse(res({ code: 500, msg: '服务器错误' })))).rejects.toThrow('服务器错误');
    expect(notifyError).toHaveBeenCalledWith('服务器错误');
    notifyError.mockReset();
    await expect(Promise.resolve(onResponse(res({ code: 500, msg: '用户不存在/密码错误' }, { url: '/login' })))).rejects.toThrow(
      '用户不存在/密码错误',
    );
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('[HTTP-8] any other code shows the server message', async () => {
    await expect(Promise.resolve(onResponse(res({ code: 601, msg: '自定义错误' })))).rejects.toThrow('自定义错误');
    expect(notifyError).toHaveBeenCalledWith('自定义错误');
  });

  test('[ERR-1][ERR-2][ERR-3][ERR-4] default texts by code when the server gives none', async () => {
    await Promise.resolve(onResponse(res({ code: 403 }))).catch(() => undefined);
    await Promise.resolve(onResponse(res({ code: 404 }))).catch(() => undefined);
    await Promise.resolve(onResponse(res({ code: 999 }))).catch(() => undefined);
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['当前操作没有权限', '访问资源不存在', '系统未知错误，请反馈给管理员']);
    // 401 is told by the login-expired dialog (ERR-1's text is the code's own default, used where no dialog is).
    expect(codeMessage(401)).toBe('认证失败，无法访问系统资源');
  });

  const axiosError = (message: string, status?: number, data?: unknown) =>
    ({ message, config: cfg(), response: status ? { status, data } : undefined }) as unknown as AxiosError;

  test('[ERR-5][ERR-6][ERR-7] network, timeout and HTTP failure texts', async () => {
    await onError(axiosError('Network Error')).catch(() => undefined);
    await onError(axiosError('timeout of 60000ms exceeded')).catch(() => undefined);
    await onError(axiosError('Request failed with status code 502', 502, '<html>')).catch(() => undefined);
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['后端接口连接异常', '系统接口请求超时', '系统接口502异常']);
  });

  test('[HTTP-8] an error status with a JSON {code,msg} body shows the server message', async () => {
    await expect(onError(axiosError('Request failed with status code 400', 400, { code: 400, msg: '手机号格式不正确' }))).rejects.toThrow(
      '手机号格式不正确',
    );
    expect(notifyError).toHaveBeenCalledWith('手机号格式不正确');
  });

  test('[ERR-9] on the mobile messaging-app browser network errors show from the 2nd occurrence', async () => {
    document.cookie = 'isMobileWeChat=true; path=/';
    await onError(axiosError('Network Error')).catch(() => undefined);
    expect(notifyError).not.toHaveBeenCalled();
    await onError(axiosError('Network Error')).catch(() => undefined);
    expect(notifyError).toHaveBeenCalledWith('后端接口连接异常');
  });

  test("[ISSUE-15.5] registration switched off: the server's own message is shown and the call fails", async () => {
    const body = { code: 500, msg: '当前系统没有开启注册功能！' };
    await expect(Promise.resolve(onResponse(res(body, { url: '/bus/customer/create' })))).rejects.toThrow('当前系统没有开启注册功能！');
    expect(notifyError).toHaveBeenCalledWith('当前系统没有开启注册功能！');
  });

  test('[issue 27.14][HTTP-8 deviation: a missing article’s 404 brings no notice, its page says 内容不存在, see contract README] quietNotFound: a 404, as a JSON body or a bare status, rejects without a notice; other codes still notify', async () => {
    const quiet = (status: number, data?: unknown) =>
      ({
        message: `Request failed with status code ${status}`,
        config: cfg({ quietNotFound: true }),
        response: { status, data },
      }) as unknown as AxiosError;
    await expect(onError(quiet(404, { code: 404, msg: '文章不存在' }))).rejects.toThrow('文章不存在');
    await expect(onError(quiet(404, '<html>'))).rejects.toMatchObject({ code: 404 });
    await expect(Promise.resolve(onResponse(res({ code: 404, msg: '文章不存在' }, { quietNotFound: true })))).rejects.toThrow('文章不存在');
    expect(notifyError).not.toHaveBeenCalled();
    await onError(quiet(500, { code: 500, msg: '服务器错误' })).catch(() => undefined);
    await onError(axiosError('Request failed with status code 404', 404, { code: 404, msg: '文章不存在' })).catch(() => undefined);
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['服务器错误', '文章不存在']);
  });

  test('[ERR-11][issue 27.15] a failed file download (blob) is handed back untouched, no 系统接口404异常: the download reads its body', async () => {
    const blob = new Blob([JSON.stringify({ code: 404, msg: '文件不存在' })], { type: 'application/json' });
    const error = { message: 'Request failed with status code 404', config: cfg({ responseType: 'blob' }), response: { status: 404, data: blob } };
    await expect(onError(error as unknown as AxiosError)).rejects.toBe(error);
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('[ERR-8] error notifications last 5 s', () => {
    const { ERROR_NOTIFICATION_MS } = jest.requireActual('@site/contract');
    expect(ERROR_NOTIFICATION_MS).toBe(5000);
  });
});
