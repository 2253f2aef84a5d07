import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Pagination } from 'antd';
import { CHANNEL_IDS, getArticlePage } from '@site/shared';
import { useRequest } from '../../components/useRequest';
import { EmptyState, Loading } from '../../components/PageState';
import { parseId } from '../../components/format';
import '../../components/support.css';
import { DocumentCard } from './DocumentCard';
import { DocumentRow } from './DocumentRow';

export const DOCUMENT_PAGE_SIZE = 10;

/** /document: paged list of the documents channel; `?id=` shows that document's card on top. */
export default function DocumentCentre() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = parseId(rawId);
  const [page, setPage] = useState(1);
  const list = useRequest(() => getArticlePage({ channelId: CHANNEL_IDS.document, page, pageSize: DOCUMENT_PAGE_SIZE }), [page]);
  const docs = list.data?.content ?? [];
  return (
    <div className="rs-page">
      <h1 className="rs-h1">文档中心</h1>
      <p className="rs-lead">产品手册、白皮书、部署指南与接口说明，点击“下载”获取文档。</p>
      {rawId !== null && <DocumentCard id={id} />}
      {list.loading && !list.data ? (
        <Loading />
      ) : docs.length === 0 ? (
        <EmptyState description="暂无文档" />
      ) : (
        <>
          <ul className="rs-docs" aria-busy={list.loading}>
            {docs.map((d) => (
              <DocumentRow key={d.id} doc={d} highlighted={d.id === id} />
            ))}
          </ul>
          {(list.data?.totalPages ?? 0) > 1 && (
            <div className="rs-pager">
              <Pagination current={page} pageSize={DOCUMENT_PAGE_SIZE} total={list.data?.totalElements ?? 0} showSizeChanger={false} onChange={setPage} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
