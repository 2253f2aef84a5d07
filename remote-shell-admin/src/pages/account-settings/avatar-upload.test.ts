const uploadAvatar = jest.fn();
jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), uploadAvatar: (f: unknown) => uploadAvatar(f) }));

import { notification } from '@site/antd-kit';
import { waitFor } from '@testing-library/react';
import { acceptAvatar, sendAvatar, uploadFailedText } from './avatar-upload';

// The notices go through antd's notification (shared's notify): watch what they say.
const notifyError = jest.fn();
jest.spyOn(notification, 'error').mockImplementation((cfg) => notifyError(String(cfg.description)));

describe('avatar upload', () => {
  beforeEach(() => {
    notifyError.mockClear();
    uploadAvatar.mockReset();
  });

  it('[UPLOAD-1] refuses a file over 2 MB with 图片大小限制 2MB! and accepts 2 MB exactly', async () => {
    expect(acceptAvatar({ size: 2 * 1024 * 1024 })).toBe(true);
    expect(notifyError).not.toHaveBeenCalled();
    expect(acceptAvatar({ size: 2.1 * 1024 * 1024 })).toBe(false);
    // The shared notices may load antd lazily: the notice can arrive a tick later.
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('图片大小限制 2MB!'));
  });

  it('[UPLOAD-2] a code other than 200 shows 上传失败 plus the server message', async () => {
    uploadAvatar.mockResolvedValue({ code: 500, msg: '文件格式不正确' });
    await expect(sendAvatar(new Blob(['x']))).resolves.toBeNull();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('上传失败 文件格式不正确'));
    expect(uploadFailedText()).toBe('上传失败');
  });

  it('answers the new avatar url on success', async () => {
    uploadAvatar.mockResolvedValue({ code: 200, msg: '操作成功', imgUrl: '/files/avatar/a.png' });
    await expect(sendAvatar(new Blob(['x']))).resolves.toBe('/files/avatar/a.png');
  });
});
