import { useState } from 'react';
import { Button, Form, Input } from '@site/antd-kit';
import { loginNoPassword } from '@site/api-client';
import { rules } from '../../components/rules';
import { SmsCodeField } from '../../components/SmsCodeField';

interface Values {
  phone: string;
  code: string;
}

interface Props {
  onToken: (token: string) => Promise<void>;
  initialPhone?: string;
}

/** 短信登录: phone + SMS code, POST /loginNoPassword. Failures are notified by the shared client; input stays. */
export function SmsLoginForm({ onToken, initialPhone }: Props) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const { token } = await loginNoPassword({ phone: values.phone, code: values.code.trim() });
      await onToken(token);
    } catch {
      /* the client showed the server's message */
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ phone: initialPhone ?? '' }} requiredMark={false} name="login-sms">
      <Form.Item label="手机号" name="phone" rules={rules.phone}>
        <Input placeholder="请输入手机号码" maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <SmsCodeField form={form} idPrefix="login-sms" purpose="login" />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
