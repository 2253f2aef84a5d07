import { useState } from 'react';
import { App, KeyOutlined, Space, Tag } from '@site/antd-kit';
import { resetStaffUserPassword, setStaffUserStatus } from '@site/api-client';
import { USER_STATUS_LABELS, type RoleOption, type StaffUser } from '@site/contract';
import { useAuth, usePermission } from '@site/app-runtime';
import { accountStatusControl, accountStatusTag, useAccountStatusToggle } from '../../components/account-status';
import { lists, roleOptionsQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { addNew, labelOptions, ListPage, useListDialog, useListPage } from '../../list-page';
import { InitialPasswordModal } from './InitialPasswordModal';
import { UserForm } from './UserForm';
import { outOfReach } from './role-choices';

const PAGE_SIZE = 10;
const NO_ROLES: RoleOption[] = [];
/** The route permission of 用户管理: its controls follow this id's actionList (the spec's action directive). */
export const USER_PERMISSION_ID = 'system:user';

/** 用户管理 (system/user/index): staff users, their roles and status; create, edit, reset the password. */
export default function UserTable() {
  const { message } = App.useApp();
  const { user: me } = useAuth();
  const { hasAction } = usePermission();
  const list = useListPage(lists.users, PAGE_SIZE);
  const toggle = useAccountStatusToggle(setStaffUserStatus, list.refresh);
  const editing = useListDialog<StaffUser | 'new'>(list);
  const [shown, setShown] = useState<{ userName: string; password: string; reset: boolean } | null>(null);
  const mayChoose = hasAction(USER_PERMISSION_ID, 'add') || hasAction(USER_PERMISSION_ID, 'edit');

  // The 角色 choices follow 角色管理: a role created there is offered here once this tab shows again.
  const roles = useShellQuery({ ...roleOptionsQuery(), enabled: mayChoose }).data ?? NO_ROLES;

  async function reset(u: StaffUser) {
    try {
      const r = await resetStaffUserPassword(u.userId);
      setShown({ userName: u.userName, password: r.data.password, reset: true });
      void list.refresh();
    } catch {
      /* notified */
    }
  }

  return (
    <ListPage
      list={list}
      title="用户列表"
      permissionId={USER_PERMISSION_ID}
      search={{
        name: 'user-search',
        fields: [
          { name: 'userName', label: '用户名称', kind: 'text', placeholder: '用户名称或昵称', maxLength: 30 },
          { name: 'phonenumber', label: '手机号码', kind: 'text', placeholder: '请输入手机号码', maxLength: 20 },
          { name: 'status', label: '状态', kind: 'select', width: 100, options: labelOptions(USER_STATUS_LABELS) },
          ...(roles.length > 0
            ? [
                {
                  name: 'roleKey',
                  label: '角色',
                  kind: 'select' as const,
                  width: 140,
                  options: roles.map((r) => ({ value: r.roleKey, label: r.roleName })),
                },
              ]
            : []),
        ],
      }}
      toolbar={{ controls: [addNew(() => editing.open('new'))] }}
      rowKey="userId"
      scrollX={900}
      emptyText="暂无用户"
      columns={[
        { title: '用户名称', dataIndex: 'userName', width: 140 },
        { title: '用户昵称', dataIndex: 'nickName', width: 120 },
        {
          title: '角色',
          dataIndex: 'roleNames',
          render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>),
        },
        { title: '手机号码', dataIndex: 'phonenumber', width: 130 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 110,
          render: (v: StaffUser['status'], r) => (
            <Space size={4}>
              {accountStatusTag(v)}
              {r.passwordInitial && <Tag>初始密码</Tag>}
            </Space>
          ),
        },
        { title: '创建时间', dataIndex: 'createTime', width: 170 },
      ]}
      rowActions={{
        width: 220,
        controls: (r) => {
          // A user holding a role beyond the signed-in user's rights: its password and status are not theirs to change
          // (the server refuses them), shown disabled, saying why.
          const reason = outOfReach(r.roles, roles);
          const locked = { disabled: !!reason, reason };
          return [
            // 修改 stays: the server lets anyone with 用户修改 change the name of a wider account; the form itself keeps
            // its roles and says why.
            { key: 'edit', label: '修改', action: 'edit', onClick: () => editing.open(r) },
            {
              key: 'reset',
              label: '重置密码',
              action: 'edit',
              icon: <KeyOutlined />,
              onClick: () => reset(r),
              confirm: { title: `重置 ${r.userName} 的密码？`, description: '新密码只显示一次，对方当前的登录将失效' },
              ...locked,
            },
            r.userId !== me?.userId && { ...accountStatusControl(r, '', () => toggle(r)), ...locked },
          ];
        },
      }}
    >
      {editing.value && (
        <UserForm
          user={editing.value === 'new' ? null : editing.value}
          roles={roles}
          onClose={editing.close}
          onSaved={(created) => {
            editing.saved();
            if (created) setShown({ ...created, reset: false });
            else void message.success('修改成功');
          }}
        />
      )}
      {shown && <InitialPasswordModal {...shown} onClose={() => setShown(null)} />}
    </ListPage>
  );
}
