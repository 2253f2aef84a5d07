import { Button, Input, Space, UploadOutlined } from '@site/ui-kit';
import { uploadImage } from '@site/api';
import { useRef } from 'react';

/** An image address typed in or uploaded (cover, video poster); shows what it points to. */
export function ImageField({
  value,
  onChange,
  id,
  label,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value ?? ''} placeholder="/files/... 或 https://..." allowClear onChange={(e) => onChange?.(e.target.value || null)} />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} aria-label={`上传${label}`}>
          上传
        </Button>
      </Space.Compact>
      {value && <img src={value} alt={label} style={{ maxWidth: 240, maxHeight: 135, objectFit: 'cover', borderRadius: 4 }} />}
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept="image/png,image/jpeg,image/gif,image/webp"
        data-testid={`upload-${label}`}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const res = await uploadImage(file);
          if (res) onChange?.(res.url);
        }}
      />
    </Space>
  );
}
