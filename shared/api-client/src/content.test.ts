const get = jest.fn();
const post = jest.fn();
jest.mock('@site/app-runtime', () => ({ request: { get: (...a: unknown[]) => get(...a), post: (...a: unknown[]) => post(...a) } }));

import type { VisitRecord } from '@site/contract';
import { getBlocks, postVisit } from './content';

beforeEach(() => get.mockReset());

describe('content calls', () => {
  test('[API-5][FOOT-1 deviation: the footer asks its blocks in one call with blockIds, see contract README] several blocks in one call: blockIds joined with commas', async () => {
    get.mockResolvedValueOnce([]);
    await getBlocks([9, 4, 7]);
    expect(get).toHaveBeenCalledWith('/api/block-item', { params: { blockIds: '9,4,7' } });
  });
});

describe('the visit entry record', () => {
  const record: VisitRecord = {
    siteId: '1',
    url: 'http://site/',
    entryUrl: 'http://site/',
    referrer: '',
    si: 1,
    uv: 123456789012345,
    newVisitor: true,
    count: 1,
    duration: 0,
  };
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    post.mockReset();
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
  });
  const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

  test("[VISIT-4][VISIT-7][issue 42.2] goes as JSON by fetch (kept alive), never through the HTTP client, and answers the view's report token", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 200, msg: '操作成功', fieldToken: 't1' }));
    await expect(postVisit(record)).resolves.toEqual({ code: 200, msg: '操作成功', fieldToken: 't1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/visit/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
      credentials: 'same-origin',
      keepalive: true,
    });
    expect(post).not.toHaveBeenCalled();
  });

  test("[VISIT-7] a refused record rejects with the API's message", async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { code: 400, msg: '访客ID格式不正确' }));
    await expect(postVisit(record)).rejects.toThrow('访客ID格式不正确');
    fetchMock.mockResolvedValueOnce(answer(200, { code: 500, msg: '系统错误' }));
    await expect(postVisit(record)).rejects.toThrow('系统错误');
  });
});
