import { Button, Empty, FileTextOutlined, List, Space, Tag, Typography } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { downloadArticleFile } from '@site/api-client';
import { workbenchDocumentsQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import type { WorkbenchAccount, WorkbenchDocument } from '@site/contract';
import { formatDate } from '@site/ui';
import { PageSection } from '../../components/PageSection';

/** The empty list's words: the account has no product, or its product has no documents yet. */
export const DOCUMENTS_EMPTY = {
  noProduct: '您的账户尚未关联产品，暂无产品文档，可在文档中心查看公开文档',
  none: '您所用产品暂无文档',
  failed: '文档加载失败，请稍后刷新',
} as const;

/** The mark of a document written for one of the customer's products (the server names which: `product`). */
export const productTag = (product: string) => `适用于 ${product}`;

/**
 * The document centre's published files for the customer's product first, then the general ones, each
 * downloadable; the server answers none for an account without a product. A document for one of
 * the customer's products is marked with that product's name, so it stands apart from the general ones.
 */
export function MyDocuments({ account }: { account: WorkbenchAccount | null }) {
  const q = useShellQuery(workbenchDocumentsQuery());
  const failed = q.isError;
  const docs: WorkbenchDocument[] | null = failed ? [] : (q.data ?? null);
  return (
    <PageSection title="我的文档与下载" extra={<Link to="/document">文档中心</Link>}>
      <List<WorkbenchDocument>
        className="workbench-documents"
        // Which empty text is true depends on the account: wait for it too.
        loading={docs === null || account === null}
        dataSource={docs ?? []}
        locale={{
          emptyText: (
            <Empty description={failed ? DOCUMENTS_EMPTY.failed : account?.productName ? DOCUMENTS_EMPTY.none : DOCUMENTS_EMPTY.noProduct} />
          ),
        }}
        renderItem={(d) => (
          <List.Item
            key={d.id}
            actions={[
              <Button
                key="download"
                type="link"
                icon={<FileTextOutlined />}
                aria-label={`下载 ${d.title}`}
                onClick={() => void downloadArticleFile(d.id, d.fileName ?? undefined).catch(() => {})}
              >
                下载
              </Button>,
            ]}
          >
            <Space wrap>
              {d.docType && <Tag>{d.docType}</Tag>}
              <Link to={`/document?id=${d.id}`}>{d.title}</Link>
              {d.product && (
                <Tag color="blue" className="workbench-document-product">
                  {productTag(d.product)}
                </Tag>
              )}
              <Typography.Text type="secondary">{formatDate(d.publishDate, 'YYYY-MM-DD')}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </PageSection>
  );
}
