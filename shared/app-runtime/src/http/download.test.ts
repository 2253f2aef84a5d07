const notify = { error: jest.fn(), info: jest.fn(), success: jest.fn(), close: jest.fn(), confirm: jest.fn() };
jest.mock('./notify', () => ({
  get notify() {
    return notify;
  },
}));
const post = jest.fn();
jest.mock('./client', () => ({ http: { post: (...a: unknown[]) => post(...a) } }));

import { download } from './download';

beforeAll(() => {
  (URL as unknown as { createObjectURL: () => string }).createObjectURL = () => 'blob:x';
  (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
});
beforeEach(() => {
  Object.values(notify).forEach((f) => f.mockReset());
  post.mockReset();
});

class TextBlob extends Blob {
  constructor(
    private readonly body: string,
    type: string,
  ) {
    super([body], { type });
  }
  text() {
    return Promise.resolve(this.body);
  }
}

describe('generic POST download', () => {
  test('[API-31][HTTP-9][ERR-10] form-encoded POST, persistent notice, 下载成功', async () => {
    post.mockResolvedValue({
      data: new TextBlob('%PDF', 'application/pdf'),
      headers: { 'content-disposition': "attachment; filename*=UTF-8''%E6%89%8B%E5%86%8C.pdf" },
    });
    await expect(download('/api/download', { id: 5 })).resolves.toBe(true);
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe('/api/download');
    expect(body.toString()).toBe('id=5');
    expect(config.responseType).toBe('blob');
    expect(config.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(notify.info).toHaveBeenCalledWith('正在下载数据，请稍候', expect.objectContaining({ duration: 0 }));
    expect(notify.success).toHaveBeenCalledWith('下载成功');
    expect(notify.close).toHaveBeenCalled();
  });

  test('[ERR-11] a JSON error body shows its own message', async () => {
    post.mockResolvedValue({ data: new TextBlob(JSON.stringify({ code: 404, msg: '文件不存在' }), 'application/json'), headers: {} });
    await expect(download('/api/download', { id: 1 })).resolves.toBe(false);
    expect(notify.error).toHaveBeenCalledWith('文件不存在');
  });

  test('[ERR-11][issue 27.15] an HTTP 404 whose blob body is the JSON {code,msg} shows that message alone', async () => {
    post.mockRejectedValue({ response: { status: 404, data: new TextBlob(JSON.stringify({ code: 404, msg: '文件不存在' }), 'application/json') } });
    await expect(download('/api/download', { id: 1 })).resolves.toBe(false);
    expect(notify.error.mock.calls).toEqual([['文件不存在']]);
    expect(notify.close).toHaveBeenCalled();
  });

  test('[ERR-12] a failed download shows 下载文件出现错误，请联系管理员！', async () => {
    post.mockRejectedValue(new Error('boom'));
    await expect(download('/api/download', { id: 1 })).resolves.toBe(false);
    expect(notify.error).toHaveBeenCalledWith('下载文件出现错误，请联系管理员！');
    expect(notify.close).toHaveBeenCalled();
  });
});
