import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

const notifyError = jest.fn();
jest.mock('./notify', () => ({
  notify: { error: (...a: unknown[]) => notifyError(...a), info: jest.fn(), success: jest.fn(), close: jest.fn(), confirm: jest.fn() },
}));

import { http, IDEMPOTENCY_HEADER, newIdempotencyKey, onRequest, resetNetworkErrorCounts } from './client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Outcome = { status: number; data?: unknown; headers?: Record<string, string> } | 'network' | 'timeout';

/** An axios adapter answering `outcomes` in turn; `sent` holds each request's key and body. */
function adapter(...outcomes: Outcome[]) {
  const sent: { key: string | undefined; data: unknown; method?: string }[] = [];
  const fn = jest.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    sent.push({ key: config.headers.get(IDEMPOTENCY_HEADER) as string | undefined, data: config.data, method: config.method });
    const o = outcomes[Math.min(sent.length - 1, outcomes.length - 1)];
    if (o === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if (o === 'timeout') throw new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config, {});
    const response = { data: o.data ?? {}, status: o.status, statusText: '', headers: o.headers ?? {}, config } as AxiosResponse;
    if (o.status >= 400) throw new AxiosError(`Request failed with status code ${o.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    return response;
  });
  return { fn, sent };
}

beforeEach(() => {
  notifyError.mockReset();
  resetNetworkErrorCounts();
});

describe('writes are sent with an Idempotency-Key and retried once (issue 35.5)', () => {
  test('[issue 35.5] every write gets a fresh key (a UUID); reads get none; a key already set is kept', () => {
    const cfg = (method: string, headers = new AxiosHeaders()) => onRequest({ url: '/x', method, headers } as InternalAxiosRequestConfig);
    const keys = ['post', 'put', 'patch', 'delete', 'POST'].map((m) => cfg(m).headers.get(IDEMPOTENCY_HEADER) as string);
    for (const k of keys) expect(k).toMatch(UUID);
    expect(new Set(keys).size).toBe(keys.length);
    expect(cfg('get').headers.get(IDEMPOTENCY_HEADER)).toBeUndefined();
    expect(cfg('post', new AxiosHeaders({ [IDEMPOTENCY_HEADER]: 'mine' })).headers.get(IDEMPOTENCY_HEADER)).toBe('mine');
  });

  test('[issue 35.5] without crypto.randomUUID (a page over plain http) the key is still a version-4 UUID', () => {
    const c = globalThis.crypto as { randomUUID?: unknown };
    const saved = c.randomUUID;
    Object.defineProperty(c, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID);
      expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    } finally {
      Object.defineProperty(c, 'randomUUID', { value: saved, configurable: true, writable: true });
    }
  });

  test('[issue 35.5] a network failure: the write is sent once more with the same key and body, and its answer is the result', async () => {
    const a = adapter('network', { status: 200, data: { code: 200, msg: '操作成功', id: 7 } });
    await expect(http.post('/system/notice', { noticeTitle: '公告' }, { adapter: a.fn })).resolves.toEqual({ code: 200, msg: '操作成功', id: 7 });
    expect(a.sent).toHaveLength(2);
    expect(a.sent[0].key).toMatch(UUID);
    expect(a.sent[1].key).toBe(a.sent[0].key);
    expect(a.sent[1].data).toEqual(a.sent[0].data);
    expect(notifyError).not.toHaveBeenCalled();
  });

  test.each([502, 503])('[issue 35.5] a %i: retried once with the same key (PUT and DELETE too)', async (status) => {
    for (const send of [(o: object) => http.put('/system/notice', { noticeId: 1 }, o), (o: object) => http.delete('/system/notice/1', o)]) {
      const a = adapter({ status, data: { code: status, msg: '服务暂时不可用，请稍后重试' } }, { status: 200, data: { code: 200, msg: '操作成功' } });
      await expect(send({ adapter: a.fn })).resolves.toEqual({ code: 200, msg: '操作成功' });
      expect(a.sent).toHaveLength(2);
      expect(a.sent[1].key).toBe(a.sent[0].key);
    }
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('[issue 35.5] only once: a second failure is shown as before (the server’s Chinese message)', async () => {
    const a = adapter({ status: 503, data: { code: 503, msg: '服务暂时不可用，请稍后重试' } });
    await expect(http.post('/system/notice', {}, { adapter: a.fn })).rejects.toMatchObject({ code: 503 });
    expect(a.sent).toHaveLength(2);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('服务暂时不可用，请稍后重试');
  });

  test('[issue 35.5] not retried: other statuses (500, 409, 422, 400), a timeout, a read', async () => {
    for (const status of [500, 409, 422, 400]) {
      const a = adapter({ status, data: { code: status, msg: '失败' } });
      await expect(http.post('/system/notice', {}, { adapter: a.fn })).rejects.toBeDefined();
      expect(a.sent).toHaveLength(1);
    }
    const t = adapter('timeout');
    await expect(http.post('/system/notice', {}, { adapter: t.fn })).rejects.toBeDefined();
    expect(t.sent).toHaveLength(1);
    const r = adapter('network');
    await expect(http.get('/api/channel', { adapter: r.fn })).rejects.toBeDefined();
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0].key).toBeUndefined();
  });
});
