import { useState } from 'react';
import { Button, Input, Space, Upload, UploadOutlined } from '@site/antd-kit';
import { uploadArticleFile } from '@site/api-client';
import { ARTICLE_UPLOAD_MAX_BYTES, type ArticleUploadKind } from '@site/contract';
import { notify, UPLOAD_FAILED_TEXT } from '@site/app-runtime';

const ACCEPT: Record<ArticleUploadKind, string> = {
  document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip',
  video: 'video/mp4,video/webm',
};
const MB = 1024 * 1024;

/**
 * A document or video url form field: typed (an in-site path or an http(s) url) or uploaded (the server checks the
 * bytes; 20 MB documents, 100 MB videos). `onUploaded` hands back the file's own name and size (the attachment name).
 */
export function FileField({
  kind,
  value,
  onChange,
  onUploaded,
  id,
  label,
}: {
  kind: ArticleUploadKind;
  value?: string | null;
  onChange?: (v: string) => void;
  onUploaded?: (file: { name: string; size: number }) => void;
  id?: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const max = ARTICLE_UPLOAD_MAX_BYTES[kind];
    if (file.size > max) {
      notify.error(`${UPLOAD_FAILED_TEXT} 文件不能超过 ${max / MB}MB`);
      return;
    }
    setBusy(true);
    try {
      const res = await uploadArticleFile(kind, file);
      // Uploads answer their body whatever its code: a refused file says why, once (UPLOAD-2).
      if (res.code !== 200) {
        notify.error(`${UPLOAD_FAILED_TEXT} ${res.msg ?? ''}`.trim());
        return;
      }
      onChange?.(res.url);
      onUploaded?.({ name: res.fileName, size: res.size });
    } catch {
      // A lapsed sign-in, a server or network failure: the shared client has said so.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder="/files/... 或 https://..." allowClear />
        <Upload
          accept={ACCEPT[kind]}
          showUploadList={false}
          customRequest={({ file }) => {
            void upload(file as File);
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={`上传${label}`}>
            上传
          </Button>
        </Upload>
      </Space.Compact>
      {value && kind === 'video' ? (
        <video src={value} controls preload="metadata" style={{ maxWidth: 240, marginTop: 4 }} aria-label={`${label}预览`} />
      ) : null}
    </div>
  );
}
