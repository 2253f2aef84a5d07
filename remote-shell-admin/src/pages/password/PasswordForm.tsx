import { useState } from 'react';
import { App, Button, Form, Input, type FormRule as Rule } from '@site/antd-kit';
import { updatePassword } from '@site/api-client';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const newPasswordRules: Rule[] = [
  { required: true, message: '请输入新密码' },
  { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `密码长度为${PASSWORD_MIN}-${PASSWORD_MAX}位` },
  ({ getFieldValue }) => ({
    validator(_rule, value) {
      if (!value || value !== getFieldValue('oldPassword')) return Promise.resolve();
      return Promise.reject(new Error('新密码不能与旧密码相同'));
    },
  }),
];

const confirmRules: Rule[] = [
  { required: true, message: '请再次输入新密码' },
  ({ getFieldValue }) => ({
    validator(_rule, value) {
      if (!value || value === getFieldValue('newPassword')) return Promise.resolve();
      return Promise.reject(new Error('两次输入的密码不一致'));
    },
  }),
];

/**
 * Old password, new password (6-20, not the old one), confirmation; PUT /system/user/profile/updatePwd. A refusal
 * (wrong old password) is shown by the HTTP client and what was typed stays, so one field can be corrected.
 */
export function PasswordForm({ onChanged, submitText = '确认修改' }: { onChanged?: () => Promise<void> | void; submitText?: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await updatePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
    } catch {
      setSaving(false);
      return;
    }
    void message.success('密码修改成功');
    form.resetFields();
    try {
      await onChanged?.();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void save(v)} name="update-password" style={{ maxWidth: 420 }}>
      <Form.Item name="oldPassword" label="旧密码" rules={[{ required: true, message: '请输入旧密码' }]}>
        <Input.Password maxLength={PASSWORD_MAX} placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label="新密码" dependencies={['oldPassword']} rules={newPasswordRules}>
        <Input.Password maxLength={PASSWORD_MAX} placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="确认密码" dependencies={['newPassword']} rules={confirmRules}>
        <Input.Password maxLength={PASSWORD_MAX} placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitText}
      </Button>
    </Form>
  );
}
