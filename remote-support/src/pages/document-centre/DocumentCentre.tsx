import { articleHead, usePageParam, useRouteSearch, type RouteLoader } from '@site/ui/render';
import { articleOfUrl, pageOfUrl, prefetch } from '../../components/loaders';
import { CHANNEL_IDS } from '@site/contract';
import { EmptyState, PageLinks, useData, articlePageQuery } from '@site/ui';
import { Loading } from '../../components/PageState';
import '../../components/support.css';
import { DocumentCard } from './DocumentCard';
import { DocumentRow } from './DocumentRow';

/** The list's, or the document's of `?id=` (shown beside the list). */
export const head = articleHead({ title: '文档中心', description: '产品手册、白皮书与部署指南下载。' });

export const DOCUMENT_PAGE_SIZE = 10;

/** The page of documents, and the document of `?id=` shown on top. */
export const loader: RouteLoader = (args) => prefetch(args, [pageOfUrl(args.url, CHANNEL_IDS.document, DOCUMENT_PAGE_SIZE), articleOfUrl(args.url)]);

/** /document: paged list of the documents channel (`?page=`); `?id=` shows that document's card on top. Renders without antd. */
export default function DocumentCentre() {
  const { id, given } = useRouteSearch();
  const { page, href, goTo } = usePageParam();
  const list = useData(articlePageQuery({ channelId: CHANNEL_IDS.document, page, pageSize: DOCUMENT_PAGE_SIZE }));
  const docs = list.data?.content ?? [];
  return (
    <div className="rs-page">
      <h1 className="rs-h1">文档中心</h1>
      <p className="rs-lead">产品手册、白皮书、部署指南与接口说明，点击“下载”获取文档。</p>
      {given.includes('id') && <DocumentCard id={id} />}
      {list.loading && !list.data ? (
        <Loading />
      ) : docs.length === 0 ? (
        <EmptyState text="暂无文档" />
      ) : (
        <>
          <ul className="rs-docs" aria-busy={list.loading}>
            {docs.map((d) => (
              <DocumentRow key={d.id} doc={d} highlighted={d.id === id} />
            ))}
          </ul>
          <PageLinks current={page} pageSize={DOCUMENT_PAGE_SIZE} total={list.data?.totalElements ?? 0} href={href} onChange={goTo} />
        </>
      )}
    </div>
  );
}
