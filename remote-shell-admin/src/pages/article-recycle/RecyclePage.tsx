import { DeleteOutlined, UndoOutlined } from '@site/antd-kit';
import { purgeRecycledArticles, restoreRecycledArticles } from '@site/api-client';
import { RECYCLE_PERMISSION_ID } from '@site/contract';
import { lists } from '../../data/queries';
import { ListPage, useListPage } from '../../list-page';

const PAGE_SIZE = 10;

/**
 * 回收站 (content/article-recycle/index): deleted articles, newest deletion first. 恢复 brings an article
 * back to 文章管理 under its own id and address, with its versions (content:recycle:edit); 彻底删除 removes it and its
 * versions for good (content:recycle:delete).
 */
export default function RecyclePage() {
  const list = useListPage(lists.recycle, PAGE_SIZE);
  const { selected } = list;
  const restore = (ids: number[]) => list.remove(ids, restoreRecycledArticles, '恢复成功');
  const purge = (ids: number[]) => list.remove(ids, purgeRecycledArticles, '已彻底删除');
  const purgeConfirm = (what: string) => ({
    title: `确定彻底删除${what}吗？`,
    description: '彻底删除后无法恢复，版本记录一并删除',
    okText: '彻底删除',
    cancelText: '取消',
    okDanger: true,
  });
  return (
    <ListPage
      list={list}
      title="回收站"
      permissionId={RECYCLE_PERMISSION_ID}
      search={{ fields: [{ name: 'title', label: '标题', kind: 'text', placeholder: '请输入标题', maxLength: 100 }] }}
      toolbar={{
        controls: [
          {
            key: 'restore',
            label: '恢复',
            action: 'edit',
            primary: true,
            icon: <UndoOutlined />,
            disabled: !selected.length,
            onClick: () => restore(selected),
            confirm: { title: `确定恢复选中的 ${selected.length} 篇文章吗？`, okText: '恢复', cancelText: '取消' },
          },
          {
            key: 'purge',
            label: '彻底删除',
            action: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            disabled: !selected.length,
            onClick: () => purge(selected),
            confirm: purgeConfirm(`选中的 ${selected.length} 篇文章`),
          },
        ],
      }}
      selectable
      rowKey="id"
      scrollX={800}
      emptyText="回收站是空的"
      columns={[
        { title: '标题', dataIndex: 'title', ellipsis: true },
        { title: '栏目', dataIndex: 'channelName', width: 140 },
        { title: '删除人', dataIndex: 'deletedBy', width: 110 },
        { title: '删除时间', dataIndex: 'deletedAt', width: 170 },
      ]}
      rowActions={{
        width: 180,
        controls: (r) => [
          {
            key: 'restore',
            label: '恢复',
            action: 'edit',
            icon: <UndoOutlined />,
            onClick: () => restore([r.id]),
            confirm: { title: `确定恢复“${r.title}”吗？`, okText: '恢复', cancelText: '取消' },
          },
          {
            key: 'purge',
            label: '彻底删除',
            action: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            onClick: () => purge([r.id]),
            confirm: purgeConfirm(`“${r.title}”`),
          },
        ],
      }}
    />
  );
}
