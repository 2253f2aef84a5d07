import { useMemo, useState, type HTMLAttributes } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { App, Button, Form, Input, Space, Tag, PlusOutlined, SearchOutlined } from '@site/antd-kit';
import { deleteChannel, sortChannels } from '@site/api-client';
import type { ChannelAdmin } from '@site/contract';
import { Action, usePermission } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { DragHandle, Sortable } from '../../components/SortableRow';
import { useItemWrites, useSortSensors } from '../../components/use-item-writes';
import { channelTreeQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { ChannelDrawer, type ChannelEdit } from './ChannelDrawer';

/** The route permission of this page: its actions are checked against this id's actionList. */
export const CHANNEL_PERMISSION_ID = 'content:channel';
export const SAME_PARENT_ONLY = '只能在同一上级栏目内拖动排序';

/** The ids shown, depth first (the order the table renders its rows). */
export function visibleIds(tree: ChannelAdmin[], expanded: ReadonlySet<number>): number[] {
  return tree.flatMap((c) => [c.id, ...(expanded.has(c.id) ? visibleIds(c.children, expanded) : [])]);
}
/** The sibling list holding `id` and its parent (null = top level), or null when absent. */
export function siblingsOf(
  tree: ChannelAdmin[],
  id: number,
  parentId: number | null = null,
): { parentId: number | null; list: ChannelAdmin[] } | null {
  if (tree.some((c) => c.id === id)) return { parentId, list: tree };
  for (const c of tree) {
    const found = siblingsOf(c.children, id, c.id);
    if (found) return found;
  }
  return null;
}
/** The tree with one sibling list replaced by `ordered` (the optimistic view of a drag). */
function withOrder(tree: ChannelAdmin[], parentId: number | null, ordered: ChannelAdmin[]): ChannelAdmin[] {
  if (parentId === null) return ordered;
  return tree.map((c) => (c.id === parentId ? { ...c, children: ordered } : { ...c, children: withOrder(c.children, parentId, ordered) }));
}
/** Leaves without a `children` key: the tree table shows an expand icon for any array, even an empty one. */
const tableRows = (tree: ChannelAdmin[]): ChannelAdmin[] =>
  tree.map((c) => {
    const { children, ...rest } = c;
    return (children.length ? { ...rest, children: tableRows(children) } : rest) as ChannelAdmin;
  });
const parentsOf = (tree: ChannelAdmin[]): number[] => tree.flatMap((c) => (c.children.length ? [c.id, ...parentsOf(c.children)] : []));

function SortableTableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: number | string }) {
  const id = Number(props['data-row-key']);
  if (!id) return <tr {...props} />;
  return <Sortable as="tr" sortId={id} {...props} />;
}

/** 栏目管理 (content/channel/index): the channel tree, its edit drawer, drag ordering among siblings. */
export default function ChannelPage() {
  const { message } = App.useApp();
  const { hasAction } = usePermission();
  const canEdit = hasAction(CHANNEL_PERMISSION_ID, 'edit');
  const client = useQueryClient();
  const [name, setName] = useState('');
  // Each name is its own key: an answer for an older name never shows; the tree shown stays while the next loads.
  const q = useShellQuery({ ...channelTreeQuery(name), placeholderData: (previous) => previous });
  const tree = useMemo(() => q.data?.rows ?? [], [q.data]);
  const loading = q.isFetching;
  // Every parent is open unless the user closed it (also the parents of a newer answer).
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expanded = useMemo(() => new Set(parentsOf(tree).filter((id) => !collapsed.has(id))), [tree, collapsed]);
  const [edit, setEdit] = useState<ChannelEdit | null>(null);
  const { reload, saveOrder, confirmDelete } = useItemWrites('channel');
  const sensors = useSortSensors();
  const ids = useMemo(() => visibleIds(tree, expanded), [tree, expanded]);
  const rows = useMemo(() => tableRows(tree), [tree]);
  // A filtered tree lacks siblings: the server takes whole sibling lists only, so ordering waits for the full tree.
  const draggable = canEdit && !name;

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = siblingsOf(tree, Number(active.id));
    const to = siblingsOf(tree, Number(over.id));
    if (!from || !to || from.parentId !== to.parentId) {
      void message.warning(SAME_PARENT_ONLY);
      return;
    }
    const list = from.list;
    const ordered = arrayMove(
      list,
      list.findIndex((c) => c.id === Number(active.id)),
      list.findIndex((c) => c.id === Number(over.id)),
    );
    // Shown in the new order at once; the server's answer follows (also after a refusal).
    const key = channelTreeQuery(name).queryKey;
    client.setQueryData(key, (old) => old && { ...old, rows: withOrder(old.rows ?? [], from.parentId, ordered) });
    await saveOrder(() => sortChannels({ parentId: from.parentId, ids: ordered.map((c) => c.id) }));
  };

  // Refused while it has sub-channels or articles, or is built in.
  const remove = (c: ChannelAdmin) => confirmDelete('删除栏目', `确认删除栏目“${c.name}”吗？`, () => deleteChannel(c.id));

  return (
    <PageSection title="栏目列表">
      <Form
        name="channel-search"
        layout="inline"
        onFinish={(v: { name?: string }) => setName((v.name ?? '').trim())}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="name" label="栏目名称">
          <Input allowClear placeholder="请输入栏目名称" maxLength={50} />
        </Form.Item>
        <Action permissionId={CHANNEL_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Action permissionId={CHANNEL_PERMISSION_ID} action="add">
          <Button icon={<PlusOutlined />} onClick={() => setEdit({ parentId: null })}>
            新增
          </Button>
        </Action>
        {draggable ? <span style={{ color: '#888' }}>拖动行首的手柄调整同级栏目的顺序</span> : null}
      </Space>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ShellTable<ChannelAdmin>
            rowKey="id"
            loading={loading}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 760 }}
            locale={{ emptyText: '暂无栏目' }}
            components={{ body: { row: SortableTableRow } }}
            expandable={{
              expandedRowKeys: [...expanded],
              onExpandedRowsChange: (keys) => setCollapsed(new Set(parentsOf(tree).filter((id) => !keys.map(Number).includes(id)))),
              childrenColumnName: 'children',
            }}
            columns={[
              { title: '栏目名称', dataIndex: 'name', render: (v: string, r) => <span data-channel-name={r.id}>{v}</span> },
              {
                title: '排序',
                key: 'drag',
                width: 60,
                render: (_, r) => <DragHandle label={`拖动排序：${r.name}`} disabled={!draggable} />,
              },
              { title: '别名', dataIndex: 'alias', width: 120 },
              { title: '页面路径', dataIndex: 'filePath', width: 140 },
              { title: '导航', dataIndex: 'nav', width: 70, render: (v: boolean) => (v ? <Tag color="blue">是</Tag> : <Tag>否</Tag>) },
              { title: '搜索', dataIndex: 'allowSearch', width: 70, render: (v: boolean) => (v ? <Tag color="green">是</Tag> : <Tag>否</Tag>) },
              { title: '文章数', dataIndex: 'articleCount', width: 80 },
              {
                title: '操作',
                key: 'op',
                width: 200,
                render: (_, r) => (
                  <Space size={0}>
                    <Action permissionId={CHANNEL_PERMISSION_ID} action="edit">
                      <Button type="link" size="small" onClick={() => setEdit({ channel: r })}>
                        修改
                      </Button>
                    </Action>
                    <Action permissionId={CHANNEL_PERMISSION_ID} action="add">
                      <Button type="link" size="small" onClick={() => setEdit({ parentId: r.id })}>
                        新增下级
                      </Button>
                    </Action>
                    <Action permissionId={CHANNEL_PERMISSION_ID} action="delete">
                      <Button type="link" size="small" danger onClick={() => remove(r)}>
                        删除
                      </Button>
                    </Action>
                  </Space>
                ),
              },
            ]}
          />
        </SortableContext>
      </DndContext>
      <ChannelDrawer
        edit={edit}
        tree={tree}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          reload();
        }}
      />
    </PageSection>
  );
}
