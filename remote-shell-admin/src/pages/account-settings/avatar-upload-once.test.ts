// The real chain: sendAvatar -> @site/api-client uploadAvatar -> the shared HTTP client, with only the network replaced.
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '@site/app-runtime';
import { notification } from '@site/antd-kit';
import { waitFor } from '@testing-library/react';
import { sendAvatar } from './avatar-upload';

const notifyError = jest.fn();
jest.spyOn(notification, 'error').mockImplementation((cfg) => notifyError(String(cfg.description ?? cfg.message)));

/** A server answering `status` with `body`, settled as axios' own adapters do (validateStatus decides). */
function answer(status: number, body: unknown): AxiosAdapter {
  return (config: InternalAxiosRequestConfig) => {
    const response = { data: body, status, statusText: '', headers: {}, config, request: {} };
    if (!config.validateStatus || config.validateStatus(status)) return Promise.resolve(response);
    return Promise.reject(new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response));
  };
}

let http: Awaited<ReturnType<typeof httpClient>>;
let original: typeof http.defaults.adapter;
beforeAll(async () => {
  http = await httpClient();
  original = http.defaults.adapter;
});
afterEach(() => {
  http.defaults.adapter = original;
  notifyError.mockClear();
});

test('[UPLOAD-2 deviation: a refused file is HTTP 400, read as the upload’s answer, see contract README][ISSUE-19.avatar] a refused avatar (HTTP 400 with the reason) shows one message: 上传失败 plus the server message', async () => {
  http.defaults.adapter = answer(400, { code: 400, msg: '只能上传 jpg、png、gif、webp 图片' });
  await expect(sendAvatar(new Blob(['x']))).resolves.toBeNull();
  await waitFor(() => expect(notifyError).toHaveBeenCalledWith('上传失败 只能上传 jpg、png、gif、webp 图片'));
  // The client would have spoken first: by the time the upload's own message is there, a second one would be too.
  expect(notifyError).toHaveBeenCalledTimes(1);
});

test('[UPLOAD-2][ISSUE-19.avatar] a code other than 200 in an HTTP 200 answer: one message too', async () => {
  http.defaults.adapter = answer(200, { code: 500, msg: '头像保存失败' });
  await expect(sendAvatar(new Blob(['x']))).resolves.toBeNull();
  await waitFor(() => expect(notifyError).toHaveBeenCalledWith('上传失败 头像保存失败'));
  expect(notifyError).toHaveBeenCalledTimes(1);
});

test('a server failure (HTTP 500) is told once, by the shared client', async () => {
  http.defaults.adapter = answer(500, { code: 500, msg: '系统未知错误，请反馈给管理员' });
  await expect(sendAvatar(new Blob(['x']))).resolves.toBeNull();
  await waitFor(() => expect(notifyError).toHaveBeenCalledWith('系统未知错误，请反馈给管理员'));
  expect(notifyError).toHaveBeenCalledTimes(1);
});
