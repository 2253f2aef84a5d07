import { DeleteOutlined, Space, Tag } from '@site/antd-kit';
import { deleteRoles } from '@site/api-client';
import type { SysRole, SysRoleQuery } from '@site/contract';
import { lists } from '../../data/queries';
import { addNew, ListPage, useListDialog, useListPage } from '../../list-page';
import { RoleForm } from './RoleForm';

const PAGE_SIZE = 10;
/** The route permission of 角色管理: its controls follow this id's actionList. */
export const ROLE_PERMISSION_ID = 'system:role';

/** 角色管理 (system/role/index): roles with their menus and per-action permissions. */
export default function RoleTable() {
  const list = useListPage<SysRole, SysRoleQuery, string>(lists.roles, PAGE_SIZE);
  const editing = useListDialog<string | 'new'>(list);

  return (
    <ListPage
      list={list}
      title="角色列表"
      permissionId={ROLE_PERMISSION_ID}
      search={{
        name: 'role-search',
        fields: [{ name: 'roleName', label: '角色名称', kind: 'text', placeholder: '角色名称或权限字符', maxLength: 30 }],
      }}
      toolbar={{ controls: [addNew(() => editing.open('new'))] }}
      rowKey="roleKey"
      scrollX={760}
      emptyText="暂无角色"
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
      ]}
      rowActions={{
        width: 150,
        controls: (r) => [
          { key: 'edit', label: '修改', action: 'edit', onClick: () => editing.open(r.roleKey) },
          !r.builtIn && {
            key: 'delete',
            label: '删除',
            action: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            onClick: () => list.remove([r.roleKey], deleteRoles, `已删除角色 ${r.roleName}`),
            confirm: { title: `删除角色 ${r.roleName}？`, okText: '删除', okDanger: true },
          },
        ],
      }}
    >
      {editing.value && (
        <RoleForm roleKey={editing.value === 'new' ? null : editing.value} onClose={editing.close} onSaved={() => editing.saved('保存成功')} />
      )}
    </ListPage>
  );
}
