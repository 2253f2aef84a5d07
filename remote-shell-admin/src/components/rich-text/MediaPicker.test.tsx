import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import type { MediaImage, TableDataInfo } from '@site/contract';
import { testQueryClient, WithQueries } from '../../test/query-client';
import { MediaPicker } from './MediaPicker';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getMediaImages: jest.fn(),
  uploadImage: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const image = (id: number, name: string): MediaImage => ({ id, url: `/files/upload/${name}`, name, size: 100, createTime: '2026-11-20 10:00:00' });
const page = (rows: MediaImage[]): TableDataInfo<MediaImage> => ({ code: 200, msg: '查询成功', total: rows.length, rows });

afterEach(() => jest.clearAllMocks());

describe('媒体库 upload', () => {
  it('[issue 34.9] 上传图片 sends the file through the site upload, the library is asked again and the new image is chosen', async () => {
    m.getMediaImages.mockResolvedValue(page([image(1, 'old.png')]));
    const onPick = jest.fn();
    render(
      <WithQueries client={testQueryClient()}>
        <App>
          <MediaPicker open onClose={() => {}} onPick={onPick} />
        </App>
      </WithQueries>,
    );
    await screen.findByText('old.png');
    expect(screen.getByRole('button', { name: /使用所选图片/ }).hasAttribute('disabled')).toBe(true);

    m.uploadImage.mockResolvedValue({ code: 200, msg: '操作成功', url: '/files/upload/new.png', fileName: '/files/upload/new.png' });
    m.getMediaImages.mockResolvedValue(page([image(2, 'new.png'), image(1, 'old.png')]));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' });
    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByRole('button', { name: /上传图片/ })).toBeTruthy();
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));

    await waitFor(() => expect(m.uploadImage).toHaveBeenCalledWith(file));
    const fresh = await screen.findByText('new.png');
    expect(m.getMediaImages).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(fresh.closest('[role="option"]')?.getAttribute('aria-selected')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: /使用所选图片/ }));
    expect(onPick).toHaveBeenCalledWith(image(2, 'new.png'));
  });

  it('[issue 34.9] a refused upload (too large, wrong type: uploadImage said why) leaves the library as it was', async () => {
    m.getMediaImages.mockResolvedValue(page([image(1, 'old.png')]));
    m.uploadImage.mockResolvedValue(null);
    render(
      <WithQueries client={testQueryClient()}>
        <App>
          <MediaPicker open onClose={() => {}} onPick={() => {}} />
        </App>
      </WithQueries>,
    );
    await screen.findByText('old.png');
    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], 'big.png', { type: 'image/png' })] } }));
    await waitFor(() => expect(m.uploadImage).toHaveBeenCalledTimes(1));
    expect(m.getMediaImages).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /使用所选图片/ }).hasAttribute('disabled')).toBe(true);
  });
});
