import { useState } from 'react';
import { App, EditOutlined, ExportOutlined, PlusOutlined, Tag } from '@site/antd-kit';
import { deleteNotices, exportNotices, updateNotice } from '@site/api-client';
import { NOTICE, NOTICE_AUDIENCE_LABELS, type Notice } from '@site/contract';
import { NoticeDetailModal } from '../../components/NoticeDetailModal';
import { dictQuery, lists } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { deleteSelected, labelOptions, ListPage, useListDialog, useListPage } from '../../list-page';
import { NoticeForm } from './NoticeForm';

const PAGE_SIZE = 10;
/** The route permission of this page: its actions are checked against this id's actionList (PERM-9). */
export const NOTICE_PERMISSION_ID = 'system:notice';

/** 通知公告 (system/notice/index): the notices, written, closed, deleted and exported by staff holding the action. */
export default function NoticeTable() {
  const { message } = App.useApp();
  const types = useShellQuery(dictQuery(NOTICE.dictType)).data ?? [];
  const list = useListPage(lists.notices, PAGE_SIZE);
  const { query, selected } = list;
  const [detail, setDetail] = useState<Notice | null>(null);
  const editing = useListDialog<{ id: number | null }>(list);

  const toggle = async (n: Notice) => {
    const status = n.status === '0' ? '1' : '0';
    await updateNotice(n.noticeId, { ...n, status }).then(
      () => message.success(status === '0' ? '已开启' : '已关闭'),
      () => undefined,
    );
    await list.refresh();
  };
  const editSelected = () => {
    if (selected.length !== 1) return void message.warning('请选择一条公告进行修改');
    editing.open({ id: selected[0] });
  };

  return (
    <ListPage
      list={list}
      title="公告列表"
      permissionId={NOTICE_PERMISSION_ID}
      search={{
        fields: [
          { name: 'noticeTitle', label: '公告标题', kind: 'text', placeholder: '请输入公告标题', maxLength: 50 },
          {
            name: 'noticeType',
            label: '公告类型',
            kind: 'select',
            width: 120,
            options: types.map((t) => ({ value: t.dictValue, label: t.dictLabel })),
          },
          { name: 'audience', label: '公告对象', kind: 'select', width: 110, options: labelOptions(NOTICE_AUDIENCE_LABELS) },
        ],
      }}
      toolbar={{
        className: 'notice-actions',
        controls: [
          { key: 'add', label: '新增', action: 'add', icon: <PlusOutlined />, onClick: () => editing.open({ id: null }) },
          { key: 'edit', label: '修改', action: 'edit', icon: <EditOutlined />, disabled: selected.length !== 1, onClick: editSelected },
          deleteSelected(selected.length, '条公告', () => list.remove(selected, deleteNotices)),
          {
            key: 'export',
            label: '导出',
            action: 'export',
            icon: <ExportOutlined />,
            onClick: () =>
              exportNotices({ noticeTitle: query.noticeTitle, noticeType: query.noticeType, audience: query.audience, status: query.status }),
          },
        ],
      }}
      selectable
      rowKey="noticeId"
      scrollX={640}
      emptyText="暂无公告"
      columns={[
        { title: '公告标题', dataIndex: 'noticeTitle', ellipsis: true },
        {
          title: '类型',
          dataIndex: 'noticeType',
          width: 90,
          render: (v: string) => <Tag>{types.find((t) => t.dictValue === v)?.dictLabel ?? v}</Tag>,
        },
        {
          title: '对象',
          dataIndex: 'audience',
          width: 80,
          render: (v: Notice['audience']) => NOTICE_AUDIENCE_LABELS[v] ?? v,
        },
        { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => (v === '0' ? <Tag color="green">正常</Tag> : <Tag>关闭</Tag>) },
        { title: '创建者', dataIndex: 'createBy', width: 90 },
        { title: '创建时间', dataIndex: 'createTime', width: 170 },
      ]}
      rowActions={{
        width: 200,
        controls: (r) => [
          { key: 'view', label: '查看', action: 'query', onClick: () => setDetail(r) },
          { key: 'edit', label: '修改', action: 'edit', onClick: () => editing.open({ id: r.noticeId }) },
          { key: 'status', label: r.status === '0' ? '关闭' : '开启', action: 'edit', onClick: () => toggle(r) },
        ],
      }}
    >
      <NoticeDetailModal notice={detail} onClose={() => setDetail(null)} />
      {editing.value && (
        <NoticeForm key={editing.value.id ?? 'new'} id={editing.value.id} types={types} onClose={editing.close} onSaved={() => editing.saved()} />
      )}
    </ListPage>
  );
}
