import { staticHead } from '@site/ui/render';
import type { ChangeEvent } from 'react';
import { Button, Form, Input } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { registerCustomer } from '@site/api-client';
import { notify } from '@site/app-runtime';
import { rules } from '../../components/rules';
import { useFinishLogin } from '../../components/useFinishLogin';
import { PhoneField } from '../../components/PhoneField';
import { SmsCodeField } from '../../components/SmsCodeField';
import { UserLayout } from '../../components/UserLayout';
import { useSubmit } from '../../components/useSubmit';

export const head = staticHead('注册', '注册网站账号。');

interface Values {
  phone: string;
  name: string;
  code: string;
  tgCode?: string;
  /** Consent to the privacy policy (required, not sent). */
  agree?: boolean;
}

/** Registration needs the visitor's consent to the privacy policy. */
export const CONSENT_MESSAGE = '请阅读并同意隐私政策';

/**
 * /user/register: a customer account from phone, name and SMS code (+ optional referral code). The code proved the
 * phone, so the answer's token signs the new customer in, as an SMS sign-in would (then ?redirect= or /index).
 */
export default function Register() {
  const [form] = Form.useForm<Values>();
  const finishLogin = useFinishLogin();
  const { submitting, submit } = useSubmit(async (values: Values) => {
    const tgCode = values.tgCode?.trim();
    const { token } = await registerCustomer({
      phone: values.phone,
      name: values.name.trim(),
      code: values.code.trim(),
      ...(tgCode ? { tgCode } : {}),
    });
    notify.success('注册成功');
    await finishLogin(token);
  });

  return (
    <UserLayout title="注册">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="register">
        <PhoneField />
        <Form.Item label="姓名" name="name" rules={rules.name}>
          <Input placeholder="请输入姓名" maxLength={30} autoComplete="name" />
        </Form.Item>
        <SmsCodeField form={form} idPrefix="register" purpose="register" />
        <Form.Item label="推荐码（选填）" name="tgCode" rules={[{ max: 32, message: '推荐码不能超过32个字符' }]}>
          <Input placeholder="请输入推荐码" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(CONSENT_MESSAGE))) }]}
        >
          {/* A plain checkbox: the kit has none, and this one needs no more. The policy opens beside the form, so
              nothing typed is lost. */}
          <ConsentBox />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          注册
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        已有账号？<Link to="/user/login">去登录</Link>
      </div>
    </UserLayout>
  );
}

/** 我已阅读并同意《隐私政策》: Form.Item hands it `checked` and `onChange`. */
function ConsentBox({ checked, onChange }: { checked?: boolean; onChange?: (e: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
      <input type="checkbox" id="register-agree" checked={!!checked} onChange={onChange} style={{ width: 16, height: 16, margin: 0 }} />
      <span>
        我已阅读并同意
        <Link to="/privacy" target="_blank" rel="noopener">
          《隐私政策》
        </Link>
      </span>
    </label>
  );
}
