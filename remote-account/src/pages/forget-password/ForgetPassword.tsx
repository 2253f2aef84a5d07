import { staticHead } from '@site/ui/render';
import { Button, Form, Input } from '@site/antd-kit';
import { Link, useNavigate } from 'react-router-dom';
import { resetUserPassword } from '@site/api-client';
import { notify } from '@site/app-runtime';
import { PASSWORD_MAX, rules } from '../../components/rules';
import { PhoneField } from '../../components/PhoneField';
import { SmsCodeField } from '../../components/SmsCodeField';
import { UserLayout } from '../../components/UserLayout';
import { useSubmit } from '../../components/useSubmit';

export const head = staticHead('忘记密码', '重置账号密码。');

interface Values {
  phone: string;
  password: string;
  confirm: string;
  code: string;
}

/** /user/forgetPassword: a new password for the account of a phone, proven by an SMS code. */
export default function ForgetPassword() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { submitting, submit } = useSubmit(async (values: Values) => {
    const res = await resetUserPassword({ phone: values.phone, password: values.password, code: values.code.trim() });
    notify.success(res.msg || '密码重置成功');
    // Customers' user name is their phone: offer it on the login form.
    navigate(`/user/login?username=${encodeURIComponent(values.phone)}`, { replace: true });
  });

  return (
    <UserLayout title="忘记密码">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="forget-password">
        <PhoneField />
        <Form.Item label="新密码" name="password" rules={rules.newPassword}>
          <Input.Password placeholder="6-20位密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={rules.confirmPassword}>
          <Input.Password placeholder="请再次输入密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <SmsCodeField form={form} idPrefix="forget-password" purpose="reset" />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          重置密码
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to="/user/login">返回登录</Link>
      </div>
    </UserLayout>
  );
}
