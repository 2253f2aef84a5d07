import { Form, Input, Select } from '@site/antd-kit';
import { createStaffUser, updateStaffUser } from '@site/api-client';
import type { RoleOption, StaffUser, StaffUserCreateBody } from '@site/contract';
import { FormDialog } from '../../list-page';
import { filled } from '../../components/form-fields';
import { lockedRolesNote, roleChoices } from './role-choices';

const FIELDS = ['userName', 'nickName', 'password', 'phonenumber', 'email', 'roles', 'remark'] as const;
const PHONE_RE = /^1[3-9]\d{9}$/;

interface Props {
  /** null: a new user. */
  user: StaffUser | null;
  roles: RoleOption[];
  onClose: () => void;
  /** created: the new account and its initial password (shown once). */
  onSaved: (created?: { userName: string; password: string }) => void;
}

/** Create or edit a staff user. A refused field keeps what was typed and shows the server's message beside it. */
export function UserForm({ user, roles, onClose, onSaved }: Props) {
  const [form] = Form.useForm<StaffUserCreateBody>();
  // Only the roles the signed-in user may give, plus the ones the edited user holds.
  const choices = roleChoices(roles, user?.roles);
  const locked = lockedRolesNote(choices);

  async function submit(v: StaffUserCreateBody) {
    if (user) {
      await updateStaffUser(user.userId, {
        nickName: v.nickName,
        phonenumber: v.phonenumber ?? '',
        email: v.email ?? '',
        roles: v.roles,
        remark: v.remark ?? '',
        version: user.version,
      });
      onSaved();
    } else {
      const r = await createStaffUser({ ...v, password: v.password || undefined });
      onSaved({ userName: v.userName, password: r.data.password });
    }
  }

  return (
    <FormDialog
      form={form}
      name="user-form"
      title={user ? '修改用户' : '新增用户'}
      fields={FIELDS}
      submit={submit}
      onClose={onClose}
      initialValues={
        user
          ? {
              userName: user.userName,
              nickName: user.nickName,
              phonenumber: user.phonenumber,
              email: user.email,
              roles: user.roles,
              remark: user.remark,
            }
          : { roles: [] }
      }
    >
      <Form.Item
        name="userName"
        label="用户名称"
        rules={[
          { required: true, message: '用户名称不能为空' },
          { min: 2, max: 30, message: '用户名称长度必须在2到30个字符之间' },
        ]}
      >
        <Input disabled={!!user} maxLength={30} autoComplete="off" />
      </Form.Item>
      <Form.Item name="nickName" label="用户昵称" rules={[filled('用户昵称')]}>
        <Input maxLength={30} />
      </Form.Item>
      {!user && (
        <Form.Item
          name="password"
          label="初始密码"
          extra="留空则自动生成；用户首次登录后须修改"
          rules={[{ min: 6, max: 20, message: '密码长度必须在6到20个字符之间' }]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item
        name="roles"
        label="角色"
        extra={locked || undefined}
        rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
      >
        <Select
          mode="multiple"
          placeholder="请选择角色"
          // Typing finds a role by the name staff read (编辑, 用户管理), not by its hidden key.
          showSearch={{ optionFilterProp: 'label' }}
          options={choices.map((c) => ({
            value: c.value,
            label: c.label,
            disabled: c.disabled,
            title: c.disabled ? `超出您的权限${c.missing.length ? `，缺少：${c.missing.join('、')}` : ''}` : c.label,
          }))}
        />
      </Form.Item>
      <Form.Item name="phonenumber" label="手机号码" rules={[{ pattern: PHONE_RE, message: '手机号码格式不正确' }]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
