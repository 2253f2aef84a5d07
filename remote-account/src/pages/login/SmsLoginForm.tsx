import { Button, Form } from '@site/antd-kit';
import { loginNoPassword } from '@site/api-client';
import { PhoneField } from '../../components/PhoneField';
import { SmsCodeField } from '../../components/SmsCodeField';
import { useSubmit } from '../../components/useSubmit';

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
  const { submitting, submit } = useSubmit(async (values: Values) => {
    const { token } = await loginNoPassword({ phone: values.phone, code: values.code.trim() });
    await onToken(token);
  });

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ phone: initialPhone ?? '' }} requiredMark={false} name="login-sms">
      <PhoneField />
      <SmsCodeField form={form} idPrefix="login-sms" purpose="login" />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
