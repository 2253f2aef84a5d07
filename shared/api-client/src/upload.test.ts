// The real chain: uploadImage -> uploadFile -> the shared HTTP client (its interceptors and bearer), with only the
// network replaced: axios' adapter records what would go on the wire and answers as the server would.
import { httpClient, notify, setToken } from '@site/app-runtime';
import { checkImageSize, uploadImage } from './upload';

type Http = Awaited<ReturnType<typeof httpClient>>;
type Adapter = Extract<NonNullable<Http['defaults']['adapter']>, (...args: never[]) => unknown>;
type SentRequest = Parameters<Adapter>[0];

const sent: SentRequest[] = [];
/** A server answering `status` with `body`, settled as axios' own adapters do (validateStatus decides). */
function answer(status: number, body: unknown): Adapter {
  return (config) => {
    sent.push(config);
    const response = { data: body, status, statusText: '', headers: {}, config, request: {} };
    if (!config.validateStatus || config.validateStatus(status)) return Promise.resolve(response);
    return Promise.reject(Object.assign(new Error(`Request failed with status code ${status}`), { config, response }));
  };
}
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const notifyError = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
let http: Http;
let original: Http['defaults']['adapter'];
beforeAll(async () => {
  http = await httpClient();
  original = http.defaults.adapter;
});
beforeEach(() => {
  sent.length = 0;
  notifyError.mockClear();
});
afterEach(() => {
  http.defaults.adapter = original;
});

test('[UPLOAD-1] over 2 MB is refused with 图片大小限制 2MB!', async () => {
  http.defaults.adapter = answer(200, { code: 200, msg: 'ok', url: '/files/u/a.png' });
  expect(checkImageSize({ size: 2 * 1024 * 1024 })).toBe(true);
  expect(checkImageSize({ size: 2 * 1024 * 1024 + 1 })).toBe(false);
  expect(notifyError).toHaveBeenCalledWith('图片大小限制 2MB!');
  await expect(uploadImage(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]))).resolves.toBeNull();
  expect(sent).toHaveLength(0);
});

test('[UPLOAD-2][UPLOAD-3] multipart to POST /common/upload with the bearer token; code, msg and url read; a code other than 200 shows 上传失败 plus the server message', async () => {
  setToken('upload-test-token');
  http.defaults.adapter = answer(200, { code: 200, msg: '操作成功', url: '/files/upload/a.png' });
  await expect(uploadImage(new Blob(['image bytes'], { type: 'image/png' }))).resolves.toMatchObject({
    code: 200,
    msg: '操作成功',
    url: '/files/upload/a.png',
  });
  expect(sent).toHaveLength(1);
  const [request] = sent;
  expect([request.method, request.url]).toEqual(['post', '/common/upload']);
  expect(request.headers.Authorization).toBe('Bearer upload-test-token');
  expect(String(request.headers['Content-Type'])).toMatch(/^multipart\/form-data/);
  expect(request.data).toBeInstanceOf(FormData);
  const file = (request.data as FormData).get('file');
  expect(file).toBeInstanceOf(Blob);
  expect(await readText(file as Blob)).toBe('image bytes');
  expect(notifyError).not.toHaveBeenCalled();

  // An HTTP 200 answer whose code is not 200: one message, 上传失败 plus the server's.
  http.defaults.adapter = answer(200, { code: 500, msg: '文件保存失败' });
  await expect(uploadImage(new Blob(['x']))).resolves.toBeNull();
  expect(notifyError.mock.calls).toEqual([['上传失败 文件保存失败']]);
});

test('[UPLOAD-2 deviation: a refused file is HTTP 400, read as the upload’s answer, see contract README] a refused file (HTTP 400 with the reason) shows 上传失败 plus the server message, once', async () => {
  http.defaults.adapter = answer(400, { code: 400, msg: '只能上传图片' });
  await expect(uploadImage(new Blob(['x']))).resolves.toBeNull();
  expect(notifyError.mock.calls).toEqual([['上传失败 只能上传图片']]);
});
