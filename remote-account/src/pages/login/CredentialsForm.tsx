import { useState } from 'react';
import { Alert, Button, Form, Input } from '@site/antd-kit';
import { login } from '@site/api-client';
import { CaptchaField } from '../../components/CaptchaField';
import { rules } from '../../components/rules';
import { useCaptcha } from '../../components/useCaptcha';
import { errorText } from '../../components/useFinishLogin';

interface Values {
  username: string;
  password: string;
  code?: string;
}

interface Props {
  onToken: (token: string) => Promise<void>;
  initialUsername?: string;
}

/** 账号密码登录: user name, password and (when enabled) the captcha. */
export function CredentialsForm({ onToken, initialUsername }: Props) {
  const [form] = Form.useForm<Values>();
  const { captcha, enabled, refresh: loadCaptcha } = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setError(null);
    setSubmitting(true);
    try {
      const { token } = await login({
        username: values.username.trim(),
        password: values.password,
        code: values.code?.trim() ?? '',
        uuid: captcha?.uuid ?? '',
      });
      await onToken(token);
    } catch (e) {
      // /login's failures are not notified by the client (spec): say it here. The captcha is single-use.
      setError(errorText(e, '登录失败'));
      form.setFieldValue('code', '');
      if (enabled) void loadCaptcha();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ username: initialUsername ?? '' }}
      requiredMark={false}
      name="login-account"
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item label="用户名" name="username" rules={rules.username}>
        <Input placeholder="请输入用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={rules.password}>
        <Input.Password placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      {enabled && (
        <CaptchaField captcha={captcha} onRefresh={() => void loadCaptcha()} id="login-captcha" name="code" label="验证码" rules={rules.captcha} />
      )}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
