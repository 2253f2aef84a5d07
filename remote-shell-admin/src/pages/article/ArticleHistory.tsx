import { useState } from 'react';
import { App, Button, Empty, Modal, Space, Spin, Table, Tag } from '@site/antd-kit';
import { getArticleVersionDiff, restoreArticleVersion } from '@site/api-client';
import { ARTICLE_VERSION_ACTION_LABELS, type ArticleVersion, type ArticleVersionDiff } from '@site/contract';
import { articleVersionsQuery } from '../../data/queries';
import { useChanged, useShellQuery } from '../../data/shell-query';
import { ControlButton } from '../../list-page';
import './article-history.css';

/**
 * 记录: the article's versions, newest first; any two compared (the fields that changed and the body's
 * words added and removed), and 恢复此版本 for those who may edit articles (the article's state stays; the content
 * becomes a new version).
 */
export function ArticleHistory({
  id,
  permissionId,
  onClose,
  onRestored,
}: {
  id: number | null;
  /** The article page's permission id: 恢复此版本 needs its `edit`. */
  permissionId: string;
  onClose: () => void;
  onRestored: () => void;
}) {
  const { message } = App.useApp();
  const changed = useChanged();
  // Each article is its own key: an answer for another article is never shown.
  const loaded = useShellQuery({ ...articleVersionsQuery(id ?? 0), enabled: id !== null });
  const [chosen, setChosen] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ id: number; diff: ArticleVersionDiff } | null>(null);

  const compare = async (a: number, b: number) => {
    if (id === null) return;
    const [from, to] = a < b ? [a, b] : [b, a];
    const r = await getArticleVersionDiff(id, from, to);
    setDiff({ id, diff: r.data });
  };
  const restore = async (v: ArticleVersion, current: ArticleVersion) => {
    if (id === null) return;
    await restoreArticleVersion(id, v.version, current.version);
    void message.success(`已恢复到版本 ${v.version}`);
    setDiff(null);
    setChosen([]);
    // The versions and the article's row in 文章管理 are the article's.
    await changed('article');
    onRestored();
  };

  const versions = id === null ? null : loaded.isError ? [] : (loaded.data ?? null);
  const shownDiff = diff && diff.id === id ? diff.diff : null;
  const current = versions?.find((v) => v.current);
  return (
    <Modal
      open={id !== null}
      onCancel={() => {
        setDiff(null);
        setChosen([]);
        onClose();
      }}
      footer={null}
      title="版本记录"
      width={900}
      destroyOnHidden
    >
      {!versions ? (
        <Spin />
      ) : versions.length === 0 ? (
        <Empty description="暂无记录" />
      ) : (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Button type="primary" disabled={chosen.length !== 2} onClick={() => void compare(chosen[0], chosen[1])}>
              比较所选版本
            </Button>
            <span style={{ color: '#888' }}>勾选两个版本比较，或与当前版本比较</span>
          </Space>
          <Table<ArticleVersion>
            size="small"
            rowKey="version"
            pagination={false}
            scroll={{ y: 280 }}
            dataSource={versions}
            rowSelection={{
              selectedRowKeys: chosen,
              hideSelectAll: true,
              onChange: (keys) => setChosen((keys as number[]).slice(-2)),
              getCheckboxProps: (v) => ({ 'aria-label': `选择版本 ${v.version}` }),
            }}
            columns={[
              {
                title: '版本',
                dataIndex: 'version',
                width: 110,
                render: (n: number, v) => (
                  <>
                    v{n} {v.current && <Tag color="blue">当前</Tag>}
                  </>
                ),
              },
              {
                title: '操作',
                dataIndex: 'action',
                width: 180,
                render: (a: ArticleVersion['action'], v) => (
                  <>
                    {ARTICLE_VERSION_ACTION_LABELS[a] ?? a}
                    {/* A send-back's comment. */}
                    {v.note && <div className="version-note">意见：{v.note}</div>}
                  </>
                ),
              },
              { title: '标题', dataIndex: 'title', ellipsis: true },
              { title: '操作人', dataIndex: 'userName', width: 100 },
              { title: '时间', dataIndex: 'createTime', width: 170 },
              {
                title: '',
                key: 'actions',
                width: 200,
                render: (_: unknown, v) =>
                  v.current || !current ? null : (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => void compare(v.version, current.version)}>
                        与当前版本比较
                      </Button>
                      <ControlButton
                        link
                        permissionId={permissionId}
                        control={{
                          key: 'restore',
                          label: '恢复此版本',
                          action: 'edit',
                          onClick: () => restore(v, current),
                          confirm: {
                            title: `确定恢复到版本 ${v.version} 吗？`,
                            description: '恢复后生成一个新版本，发布状态不变',
                            okText: '恢复',
                            cancelText: '取消',
                          },
                        }}
                      />
                    </Space>
                  ),
              },
            ]}
          />
          {shownDiff && <VersionDiff diff={shownDiff} />}
        </>
      )}
    </Modal>
  );
}

/** What changed from one version to the other: the fields, then the body's words (removed struck through, added marked). */
function VersionDiff({ diff }: { diff: ArticleVersionDiff }) {
  const fields = diff.fields.filter((f) => f.field !== 'text');
  const textChanged = diff.fields.some((f) => f.field === 'text');
  return (
    <section className="version-diff" aria-label={`版本 ${diff.from} 与版本 ${diff.to} 的差异`}>
      <h4>
        版本 {diff.from} → 版本 {diff.to}
      </h4>
      {diff.fields.length === 0 ? (
        <Empty description="两个版本内容相同" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          {fields.length > 0 && (
            <table className="version-diff-fields">
              <thead>
                <tr>
                  <th>字段</th>
                  <th>版本 {diff.from}</th>
                  <th>版本 {diff.to}</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f.field}>
                    <th scope="row">{f.label}</th>
                    <td>{f.before || '（空）'}</td>
                    <td>{f.after || '（空）'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {textChanged && (
            <div className="version-diff-text" aria-label="正文差异">
              <strong>正文</strong>
              <p>
                {diff.text.map((p, i) =>
                  p.added ? <ins key={i}>{p.value}</ins> : p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>,
                )}
              </p>
              {!diff.text.some((p) => p.added || p.removed) && <p style={{ color: '#888' }}>文字相同，格式或链接有变化</p>}
            </div>
          )}
        </>
      )}
    </section>
  );
}
