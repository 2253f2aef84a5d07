import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { downloadArticleFile, type Article } from '@site/shared';

/**
 * 下载 goes through the generic POST download (it shows the 正在下载 / 下载成功 / error notices itself);
 * the direct link is the plain file url for visitors whose browser blocks script downloads.
 */
export function DocumentActions({ doc }: { doc: Pick<Article, 'id' | 'title' | 'file' | 'fileName'> }) {
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    try {
      await downloadArticleFile(doc.id, doc.fileName ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rs-doc-actions">
      <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={onDownload} aria-label={`下载 ${doc.title}`}>
        下载
      </Button>
      {doc.file && (
        <a href={doc.file} download={doc.fileName ?? true} target="_blank" rel="noopener" aria-label={`直接下载 ${doc.title}`}>
          <LinkOutlined aria-hidden /> 直接下载
        </a>
      )}
    </div>
  );
}
