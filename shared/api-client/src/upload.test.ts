const notify = { error: jest.fn(), info: jest.fn(), success: jest.fn(), close: jest.fn(), confirm: jest.fn() };
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  get notify() {
    return notify;
  },
}));
const uploadFile = jest.fn();
jest.mock('./system', () => ({ uploadFile: (f: unknown) => uploadFile(f) }));

import { checkImageSize, uploadImage } from './upload';

beforeEach(() => {
  notify.error.mockReset();
  uploadFile.mockReset();
});

test('[UPLOAD-1] over 2 MB is refused with 图片大小限制 2MB!', async () => {
  expect(checkImageSize({ size: 2 * 1024 * 1024 })).toBe(true);
  expect(checkImageSize({ size: 2 * 1024 * 1024 + 1 })).toBe(false);
  expect(notify.error).toHaveBeenCalledWith('图片大小限制 2MB!');
  await expect(uploadImage(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]))).resolves.toBeNull();
  expect(uploadFile).not.toHaveBeenCalled();
});

test('[UPLOAD-2][UPLOAD-3] code other than 200 shows 上传失败 plus the server message', async () => {
  uploadFile.mockResolvedValue({ code: 400, msg: '只能上传图片' });
  await expect(uploadImage(new Blob(['x']))).resolves.toBeNull();
  expect(notify.error).toHaveBeenCalledWith('上传失败 只能上传图片');
  uploadFile.mockResolvedValue({ code: 200, msg: 'ok', url: '/files/u/a.png' });
  await expect(uploadImage(new Blob(['x']))).resolves.toMatchObject({ url: '/files/u/a.png' });
});
