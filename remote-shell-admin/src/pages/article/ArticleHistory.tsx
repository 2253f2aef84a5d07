import { useEffect, useState } from 'react';
import { Empty, Modal, Spin, Timeline } from '@site/antd-kit';
import { getArticleHistory } from '@site/api-client';
import { AUDIT_ACTION_LABELS, type AuditLogEntry } from '@site/contract';
import { changedFields } from '../audit/changed-fields';

const FIELD_LABELS: Record<string, string> = {
  title: '标题',
  text: '正文',
  description: '摘要',
  status: '状态',
  image: '封面图',
  channelId: '栏目',
  channelName: '栏目',
  tags: '标签',
  top: '置顶',
  sort: '排序',
  publishDate: '发布时间',
  subtitle: '副标题',
};

/** The article's history: every write, who and when, and which fields changed. */
export function ArticleHistory({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [loaded, setLoaded] = useState<{ id: number; entries: AuditLogEntry[] } | null>(null);
  useEffect(() => {
    if (id === null) return;
    getArticleHistory(id).then(
      (r) => setLoaded({ id, entries: r.data }),
      () => setLoaded({ id, entries: [] }),
    );
  }, [id]);
  // An answer for another article is never shown.
  const entries = loaded && loaded.id === id ? loaded.entries : null;
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} title="修改记录" destroyOnHidden>
      {!entries ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description="暂无记录" />
      ) : (
        <Timeline
          items={entries.map((e) => {
            const fields = [...new Set(changedFields(e.before, e.after).map((f) => FIELD_LABELS[f] ?? f))];
            return {
              key: e.id,
              children: (
                <div className="article-history-entry">
                  <strong>{AUDIT_ACTION_LABELS[e.action] ?? e.action}</strong> {e.userName} · {e.createTime}
                  <div>{e.summary}</div>
                  {fields.length > 0 && <div style={{ color: '#888' }}>变更：{fields.join('、')}</div>}
                </div>
              ),
            };
          })}
        />
      )}
    </Modal>
  );
}
