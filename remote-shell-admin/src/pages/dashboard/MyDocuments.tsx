import { useEffect, useState } from 'react';
import { Button, Empty, FileTextOutlined, List, Space, Tag, Typography } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { downloadArticleFile, getWorkbenchDocuments } from '@site/api-client';
import type { WorkbenchDocument } from '@site/contract';
import { formatDate } from '@site/ui';
import { PageSection } from '../../components/PageSection';

/** The document centre's published files for the customer's product (and the general ones), each downloadable. */
export function MyDocuments() {
  const [docs, setDocs] = useState<WorkbenchDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    getWorkbenchDocuments()
      .then((r) => alive && setDocs(r.data ?? []))
      .catch(() => {
        if (!alive) return;
        setDocs([]);
        setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <PageSection title="我的文档与下载" extra={<Link to="/document">文档中心</Link>}>
      <List<WorkbenchDocument>
        className="workbench-documents"
        loading={docs === null}
        dataSource={docs ?? []}
        locale={{ emptyText: <Empty description={failed ? '文档加载失败，请稍后刷新' : '暂无文档'} /> }}
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
              <Typography.Text type="secondary">{formatDate(d.publishDate, 'YYYY-MM-DD')}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </PageSection>
  );
}
