import { useState } from 'react';
import { Button, Input, Space, Upload, UploadOutlined } from '@site/antd-kit';
import { uploadImage } from '@site/api-client';

/**
 * An image url form field: typed (an in-site path or an http(s) url) or uploaded (2 MB at most, /common/upload),
 * with a small preview. `value`/`onChange` come from the surrounding Form.Item.
 */
export function ImageField({ value, onChange, id, label }: { value?: string | null; onChange?: (v: string) => void; id?: string; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder="/files/... 或 https://..." allowClear />
        <Upload
          accept="image/*"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              const res = await uploadImage(file as File);
              if (res) onChange?.(res.url);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={`上传${label}`}>
            上传
          </Button>
        </Upload>
      </Space.Compact>
      {/* A box of fixed size: a preview that loads later does not push the fields below it (or a drag handle the
          user is about to grab) down the page. */}
      {value ? (
        <img
          src={value}
          alt={`${label}预览`}
          width={160}
          height={80}
          style={{ display: 'block', marginTop: 4, objectFit: 'contain', objectPosition: 'left center' }}
        />
      ) : null}
    </div>
  );
}
