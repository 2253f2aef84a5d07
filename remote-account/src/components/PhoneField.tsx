import { Form, Input } from '@site/antd-kit';
import { rules } from './rules';

/** 手机号: the account's phone, in every form that sends an SMS code. */
export function PhoneField() {
  return (
    <Form.Item label="手机号" name="phone" rules={rules.phone}>
      <Input placeholder="请输入手机号码" maxLength={11} inputMode="tel" autoComplete="tel" />
    </Form.Item>
  );
}
