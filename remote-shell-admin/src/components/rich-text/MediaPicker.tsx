import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Pagination, Spin, Upload, UploadOutlined } from '@site/antd-kit';
import { uploadImage } from '@site/api-client';
import type { MediaImage } from '@site/contract';
import { keys } from '../../data/keys';
import { mediaQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import './rich-text.css';

const PAGE_SIZE = 12;
/** What 上传图片 offers to choose; the server checks the content (JPG/PNG/GIF/WEBP, 2 MB) whatever the name says. */
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * 媒体库: the images staff uploaded for content, newest first, searchable by name; choosing one hands its
 * address back, so an image is used again instead of uploaded anew. 上传图片 adds one from the computer
 * through the site's upload (`POST /common/upload`, the 2 MB and type checks of UPLOAD-1/2): the library is
 * invalidated, shows its first page again and the new image is chosen.
 */
export function MediaPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (image: MediaImage) => void }) {
  const client = useQueryClient();
  const [query, setQuery] = useState({ pageNum: 1, name: '' });
  const [chosen, setChosen] = useState<MediaImage | null>(null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  // Each page and search is its own key: an answer for another is never shown. Asked while the dialog is open.
  const q = useShellQuery({ ...mediaQuery({ pageNum: query.pageNum, pageSize: PAGE_SIZE, name: query.name || undefined }), enabled: open });
  const shown = q.isError ? { total: 0, rows: [] as MediaImage[] } : (q.data ?? null);
  // The image just uploaded is the one chosen until another is clicked.
  const picked = chosen ?? shown?.rows.find((m) => m.url === uploadedUrl) ?? null;

  // uploadImage says 上传失败/图片过大 itself and answers null then.
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file),
    onSuccess: async (res) => {
      if (!res) return;
      setChosen(null);
      setUploadedUrl(res.url);
      setQuery({ pageNum: 1, name: '' });
      await client.invalidateQueries({ queryKey: keys.media.all });
    },
  });
  const close = () => {
    setChosen(null);
    setUploadedUrl(null);
  };
  return (
    <Modal
      open={open}
      title="媒体库"
      width={720}
      okText="使用所选图片"
      cancelText="取消"
      okButtonProps={{ disabled: !picked }}
      onOk={() => {
        if (picked) onPick(picked);
        close();
      }}
      onCancel={() => {
        close();
        onClose();
      }}
      destroyOnHidden
    >
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="按文件名搜索"
          allowClear
          maxLength={100}
          aria-label="按文件名搜索"
          onSearch={(name) => setQuery({ pageNum: 1, name: name.trim() })}
        />
        <Upload
          accept={IMAGE_TYPES}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            上传图片
          </Button>
        </Upload>
      </div>
      {!shown ? (
        <Spin />
      ) : shown.rows.length === 0 ? (
        <Empty description="媒体库中还没有图片" />
      ) : (
        <>
          <ul className="media-grid" role="listbox" aria-label="媒体库图片">
            {shown.rows.map((m) => (
              <li key={m.id} role="option" aria-selected={picked?.id === m.id}>
                <button
                  type="button"
                  className={picked?.id === m.id ? 'media-item media-item-chosen' : 'media-item'}
                  onClick={() => setChosen(m)}
                  title={m.name}
                >
                  <img src={m.url} alt={m.name} width={150} height={100} loading="lazy" />
                  <span className="media-name">{m.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <Pagination
            size="small"
            current={query.pageNum}
            pageSize={PAGE_SIZE}
            total={shown.total}
            showSizeChanger={false}
            onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
            style={{ marginTop: 12, textAlign: 'right' }}
          />
        </>
      )}
    </Modal>
  );
}
