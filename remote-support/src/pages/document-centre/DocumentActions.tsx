import { useState } from 'react';
import { downloadArticleFile } from '@site/api-client';
import { type Article } from '@site/contract';
import { DownloadIcon } from '../../components/icons';

/**
 * One 下载 per document: the generic POST download (it shows the 正在下载 / 下载成功 / error notices itself).
 */
export function DocumentActions({ doc }: { doc: Pick<Article, 'id' | 'title' | 'fileName'> }) {
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    // Like antd's loading button: a second click while the file is on its way does nothing. The button stays
    // enabled (aria-busy) so that keyboard focus is not lost while it loads.
    if (busy) return;
    setBusy(true);
    try {
      await downloadArticleFile(doc.id, doc.fileName ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rs-doc-actions">
      <button
        type="button"
        className="site-button site-button--primary rs-button"
        aria-busy={busy}
        onClick={onDownload}
        aria-label={`下载 ${doc.title}`}
      >
        {busy ? <span className="rs-spinner rs-spinner--small" aria-hidden="true" /> : <DownloadIcon />}
        下载
      </button>
    </div>
  );
}
