import { useEffect, useState } from 'react';
import { App, Button, Form, Input, KeyOutlined, PlusOutlined, Popconfirm, SearchOutlined, Select, Space, Tag } from '@site/antd-kit';
import { listRoleOptions, listStaffUsers, resetStaffUserPassword, setStaffUserStatus } from '@site/api-client';
import { USER_STATUS_LABELS, type RoleOption, type StaffUser, type StaffUserQuery } from '@site/contract';
import { Action, useAuth, usePermission } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { usePagedList } from '../../components/use-paged-list';
import { InitialPasswordModal } from './InitialPasswordModal';
import { UserForm } from './UserForm';

const PAGE_SIZE = 10;
/** The route permission of 用户管理: its controls follow this id's actionList (the spec's action directive). */
export const USER_PERMISSION_ID = 'system:user';

/** 用户管理 (system/user/index): staff users, their roles and status; create, edit, reset the password. */
export default function UserTable() {
  const { message } = App.useApp();
  const { user: me } = useAuth();
  const { hasAction } = usePermission();
  const [query, setQuery] = useState<StaffUserQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const { rows, total, loading, refresh } = usePagedList(listStaffUsers, query);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [shown, setShown] = useState<{ userName: string; password: string; reset: boolean } | null>(null);
  const mayChoose = hasAction(USER_PERMISSION_ID, 'add') || hasAction(USER_PERMISSION_ID, 'edit');

  useEffect(() => {
    if (!mayChoose) return;
    listRoleOptions().then(
      (r) => setRoles(r.data ?? []),
      () => undefined,
    );
  }, [mayChoose]);

  async function toggle(u: StaffUser) {
    const status = u.status === '0' ? '1' : '0';
    try {
      await setStaffUserStatus(u.userId, { status });
      void message.success(status === '1' ? `已停用 ${u.userName}` : `已启用 ${u.userName}`);
      refresh();
    } catch {
      /* notified */
    }
  }

  async function reset(u: StaffUser) {
    try {
      const r = await resetStaffUserPassword(u.userId);
      setShown({ userName: u.userName, password: r.data.password, reset: true });
      refresh();
    } catch {
      /* notified */
    }
  }

  return (
    <PageSection title="用户列表">
      <Form
        name="user-search"
        layout="inline"
        onFinish={(v: Omit<StaffUserQuery, 'pageNum' | 'pageSize'>) => setQuery({ ...v, pageNum: 1, pageSize: PAGE_SIZE })}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="userName" label="用户名称">
          <Input allowClear placeholder="用户名称或昵称" maxLength={30} />
        </Form.Item>
        <Form.Item name="phonenumber" label="手机号码">
          <Input allowClear placeholder="请输入手机号码" maxLength={20} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        {roles.length > 0 && (
          <Form.Item name="roleKey" label="角色">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={roles.map((r) => ({ value: r.roleKey, label: r.roleName }))} />
          </Form.Item>
        )}
        <Action permissionId={USER_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Action permissionId={USER_PERMISSION_ID} action="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增
          </Button>
        </Action>
      </Space>
      <ShellTable<StaffUser>
        rowKey="userId"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无用户' }}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
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
                {v === '0' ? <Tag color="green">正常</Tag> : <Tag color="red">停用</Tag>}
                {r.passwordInitial && <Tag>初始密码</Tag>}
              </Space>
            ),
          },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 220,
            render: (_, r) => (
              <Space size={0} wrap>
                <Action permissionId={USER_PERMISSION_ID} action="edit">
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    修改
                  </Button>
                </Action>
                <Action permissionId={USER_PERMISSION_ID} action="edit">
                  <Popconfirm title={`重置 ${r.userName} 的密码？`} description="新密码只显示一次，对方当前的登录将失效" onConfirm={() => reset(r)}>
                    <Button type="link" size="small" icon={<KeyOutlined />}>
                      重置密码
                    </Button>
                  </Popconfirm>
                </Action>
                {r.userId !== me?.userId && (
                  <Action permissionId={USER_PERMISSION_ID} action={r.status === '0' ? 'disable' : 'enable'}>
                    <Popconfirm
                      title={r.status === '0' ? `停用 ${r.userName}？` : `启用 ${r.userName}？`}
                      description={r.status === '0' ? '停用后该账号不能登录，当前登录立即失效' : undefined}
                      onConfirm={() => toggle(r)}
                    >
                      <Button type="link" size="small" danger={r.status === '0'}>
                        {r.status === '0' ? '停用' : '启用'}
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
        <UserForm
          user={editing === 'new' ? null : editing}
          roles={roles}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            refresh();
            if (created) setShown({ ...created, reset: false });
            else void message.success('修改成功');
          }}
        />
      )}
      {shown && <InitialPasswordModal {...shown} onClose={() => setShown(null)} />}
    </PageSection>
  );
}
