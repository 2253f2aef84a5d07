import { useState, type FormEvent } from 'react';
import { downloadArticleFile } from '@site/api-client';
import { type Article } from '@site/contract';
import { DownloadIcon } from '../../components/icons';

/**
 * One 下载 per document: the generic POST download (it shows the 正在下载 / 下载成功 / error notices itself). A form
 * posting the id to /api/download, so the file downloads as plain HTML too (a rendered page before the app runs);
 * the app takes the submit over for its notices.
 */
export function DocumentActions({ doc }: { doc: Pick<Article, 'id' | 'title' | 'fileName'> }) {
  const [busy, setBusy] = useState(false);
  const onDownload = async (e: FormEvent) => {
    e.preventDefault();
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
    <form className="rs-doc-actions" method="post" action="/api/download" onSubmit={onDownload}>
      <input type="hidden" name="id" value={doc.id} />
      <button type="submit" className="site-button site-button--primary rs-button" aria-busy={busy} aria-label={`下载 ${doc.title}`}>
        {busy ? <span className="rs-spinner rs-spinner--small" aria-hidden="true" /> : <DownloadIcon />}
        下载
      </button>
    </form>
  );
}
