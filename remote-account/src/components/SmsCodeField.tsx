import { useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from '@site/antd-kit';
import { rules } from './rules';
import { sendSmsCode } from '@site/api-client';
import { ApiError } from '@site/app-runtime';
import { type ApiErrorBody, type SmsPurpose } from '@site/contract';
import { useCountdown } from '@site/ui';

interface Props {
  form: FormInstance;
  /** Name of the phone field the code goes to. */
  phoneField?: string;
  /** Unique id prefix so two forms on one page don't share input ids. */
  idPrefix: string;
  /** What the code is for: the server accepts it only for that (login, register, reset). */
  purpose: SmsPurpose;
}

/** The note shown once a code is on its way: the number partly hidden, as the SMS itself will show it. */
export function codeSentText(phone: string): string {
  const shown = /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
  return `验证码已发送至 ${shown}，请注意查收`;
}

/** The seconds a refused request (429) was told to wait, or null for any other failure. */
export function retryAfterSeconds(e: unknown): number | null {
  if (!(e instanceof ApiError) || Number(e.code) !== 429) return null;
  const n = Number((e.body as Partial<ApiErrorBody> | undefined)?.retryAfter);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * 短信验证码 input with its 获取验证码 button: checks the phone first, sends the code, then waits 60 s
 * before it can be sent again. Server errors are notified by the shared client; a 429 (请在 N 秒后重试) also
 * counts the button down from the N seconds the server gave.
 */
export function SmsCodeField({ form, phoneField = 'phone', idPrefix, purpose }: Props) {
  const { left, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  /** Where the last code went (shown under the field until the page changes). */
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send() {
    let phone: string;
    try {
      phone = (await form.validateFields([phoneField]))[phoneField];
    } catch {
      return; // the phone field shows why
    }
    setSending(true);
    try {
      await sendSmsCode(phone, purpose);
      setSentTo(phone);
      start();
    } catch (e) {
      // Notified by the client; the button stays usable, except while the server said to wait.
      const wait = retryAfterSeconds(e);
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  }

  return (
    <Form.Item
      label="短信验证码"
      required
      htmlFor={`${idPrefix}-code`}
      extra={
        <span role="status" data-testid={`${idPrefix}-code-sent`}>
          {sentTo ? codeSentText(sentTo) : ''}
        </span>
      }
    >
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" rules={rules.smsCode} noStyle>
          <Input id={`${idPrefix}-code`} placeholder="请输入短信验证码" maxLength={8} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={send} disabled={running} loading={sending} style={{ minWidth: 130 }}>
          {running ? `${left}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
