import { useState } from 'react';
import { Empty, Input, Modal, Pagination, Spin } from '@site/antd-kit';
import type { MediaImage } from '@site/contract';
import { mediaQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import './rich-text.css';

const PAGE_SIZE = 12;

/**
 * 媒体库 (issue 27.5): the images staff uploaded for content, newest first, searchable by name; choosing one hands its
 * address back, so an image is used again instead of uploaded anew.
 */
export function MediaPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (image: MediaImage) => void }) {
  const [query, setQuery] = useState({ pageNum: 1, name: '' });
  const [chosen, setChosen] = useState<MediaImage | null>(null);
  // Each page and search is its own key: an answer for another is never shown. Asked while the dialog is open.
  const q = useShellQuery({ ...mediaQuery({ pageNum: query.pageNum, pageSize: PAGE_SIZE, name: query.name || undefined }), enabled: open });
  const shown = q.isError ? { total: 0, rows: [] as MediaImage[] } : (q.data ?? null);
  return (
    <Modal
      open={open}
      title="媒体库"
      width={720}
      okText="使用所选图片"
      cancelText="取消"
      okButtonProps={{ disabled: !chosen }}
      onOk={() => {
        if (chosen) onPick(chosen);
        setChosen(null);
      }}
      onCancel={() => {
        setChosen(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Input.Search
        placeholder="按文件名搜索"
        allowClear
        maxLength={100}
        aria-label="按文件名搜索"
        onSearch={(name) => setQuery({ pageNum: 1, name: name.trim() })}
        style={{ marginBottom: 12 }}
      />
      {!shown ? (
        <Spin />
      ) : shown.rows.length === 0 ? (
        <Empty description="媒体库中还没有图片" />
      ) : (
        <>
          <ul className="media-grid" role="listbox" aria-label="媒体库图片">
            {shown.rows.map((m) => (
              <li key={m.id} role="option" aria-selected={chosen?.id === m.id}>
                <button
                  type="button"
                  className={chosen?.id === m.id ? 'media-item media-item-chosen' : 'media-item'}
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
