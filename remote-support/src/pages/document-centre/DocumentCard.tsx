import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CHANNEL_IDS } from '@site/contract';
import { SafeHtml, TextPlaceholder, useData, articleQuery } from '@site/ui';
import { fileTypeOf, formatDay, formatFileSize } from '../../components/format';
import { Notice } from '../../components/PageState';
import { DocumentActions } from './DocumentActions';

/**
 * The document asked for by `?id=` (the search result target), shown above the list so it is found
 * whichever list page it is on. An id that is not a document gives a Chinese notice and the list stays usable.
 */
export function DocumentCard({ id }: { id: number | null }) {
  const { data, loading, error } = useData(id === null ? null : articleQuery(id));
  const ref = useRef<HTMLDivElement>(null);
  const isDocument = !!data && (data.channelId === CHANNEL_IDS.document || data.channel?.id === CHANNEL_IDS.document);
  useEffect(() => {
    if (!loading) ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [loading]);

  if (loading) {
    return (
      <div className="rs-card rs-doc-card">
        <TextPlaceholder rows={3} />
      </div>
    );
  }
  if (error || !isDocument) {
    return (
      <div ref={ref} className="rs-scroll-target">
        <Notice
          className="rs-doc-notice"
          title="未找到该文档"
          description="该文档不存在或已下线，请在下方列表中查找。"
          action={<Link to="/document">查看全部文档</Link>}
        />
      </div>
    );
  }
  const size = formatFileSize(data.fileLength);
  const type = fileTypeOf(data);
  return (
    <div ref={ref} className="rs-scroll-target">
      <div className="rs-card rs-doc-card" data-testid="document-card">
        <h2 className="rs-h2">{data.title}</h2>
        <div className="rs-meta">
          <span>
            发布日期：<time dateTime={data.publishDate}>{formatDay(data.publishDate)}</time>
          </span>
          {size && <span>大小：{size}</span>}
          {type && <span>类型：{type}</span>}
          {data.fileName && <span>文件名：{data.fileName}</span>}
        </div>
        <SafeHtml className="rs-doc-card-body rs-article" html={data.text || data.description} />
        <DocumentActions doc={data} />
      </div>
    </div>
  );
}
