import { useCallback, useState } from 'react';
import { App, Button, DeleteOutlined, Form, Input, PlusOutlined, Popconfirm, SearchOutlined, Space, Tag } from '@site/antd-kit';
import { deleteRoles, listRoles } from '@site/api-client';
import type { SysRole, SysRoleQuery } from '@site/contract';
import { Action } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { usePagedList } from '../../components/use-paged-list';
import { RoleForm } from './RoleForm';

const PAGE_SIZE = 10;
/** The route permission of 角色管理: its controls follow this id's actionList. */
export const ROLE_PERMISSION_ID = 'system:role';

/** 角色管理 (system/role/index): roles with their menus and per-action permissions. */
export default function RoleTable() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<SysRoleQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const { rows, total, loading, refresh } = usePagedList(listRoles, query);
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  const close = useCallback(() => setEditing(null), []);

  async function remove(r: SysRole) {
    try {
      await deleteRoles([r.roleKey]);
      void message.success(`已删除角色 ${r.roleName}`);
      refresh();
    } catch {
      /* notified: e.g. 角色已分配给用户，不能删除 */
    }
  }

  return (
    <PageSection title="角色列表">
      <Form
        name="role-search"
        layout="inline"
        onFinish={(v: { roleName?: string }) => setQuery({ ...v, pageNum: 1, pageSize: PAGE_SIZE })}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="roleName" label="角色名称">
          <Input allowClear placeholder="角色名称或权限字符" maxLength={30} />
        </Form.Item>
        <Action permissionId={ROLE_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Action permissionId={ROLE_PERMISSION_ID} action="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增
          </Button>
        </Action>
      </Space>
      <ShellTable<SysRole>
        rowKey="roleKey"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 760 }}
        locale={{ emptyText: '暂无角色' }}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          {
            title: '角色名称',
            dataIndex: 'roleName',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.builtIn && <Tag color="gold">内置</Tag>}
              </Space>
            ),
          },
          { title: '权限字符', dataIndex: 'roleKey', width: 140 },
          { title: '显示顺序', dataIndex: 'roleSort', width: 90 },
          { title: '用户数', dataIndex: 'userCount', width: 80 },
          { title: '权限数', key: 'perms', width: 80, render: (_, r) => (r.builtIn ? '全部' : r.perms.length) },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_, r) => (
              <Space size={0}>
                <Action permissionId={ROLE_PERMISSION_ID} action="edit">
                  <Button type="link" size="small" onClick={() => setEditing(r.roleKey)}>
                    修改
                  </Button>
                </Action>
                {!r.builtIn && (
                  <Action permissionId={ROLE_PERMISSION_ID} action="delete">
                    <Popconfirm title={`删除角色 ${r.roleName}？`} okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove(r)}>
                      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                        删除
                      </Button>
                    </Popconfirm>
                  </Action>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <RoleForm
          roleKey={editing === 'new' ? null : editing}
          onClose={close}
          onSaved={() => {
            setEditing(null);
            refresh();
            void message.success('保存成功');
          }}
        />
      )}
    </PageSection>
  );
}
