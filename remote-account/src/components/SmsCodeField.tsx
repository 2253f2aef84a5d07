import { useRef, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance, type FormRule } from '@site/antd-kit';
import { CaptchaField } from './CaptchaField';
import { rules } from './rules';
import { useCaptcha } from './useCaptcha';
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

/**
 * Whether the server asks the image captcha before it sends a code for this purpose (`SendCodeQuery`): a
 * code that may reach a number without an account, to register, or to change a phone without a token (the account
 * pages send none). Sign-in and reset codes go only to numbers with an account: no captcha.
 */
export const needsCaptcha = (purpose: SmsPurpose) => purpose === 'register' || purpose === 'phone';

/** The form field of the typed captcha answer (not sent with the form itself, only with 获取验证码). */
export const CAPTCHA_FIELD = 'captcha';
export const CAPTCHA_MISSING = '请输入图形验证码';

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
 * before it can be sent again. Server errors are notified by the shared client; a 429 (请在 N 秒后重试, which the
 * client shows as a 请稍候 warning, not an error) also counts the button down from the N seconds the server gave. For a purpose that `needsCaptcha`, a 图形验证码 field comes
 * first (none when the server has captchas off): its answer goes with the request, and after any answer the used
 * captcha is replaced and its answer cleared (single use); the rest of the form keeps what was typed.
 */
export function SmsCodeField({ form, phoneField = 'phone', idPrefix, purpose }: Props) {
  const { left, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  /** Where the last code went (shown under the field until the page changes). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { captcha, enabled: withCaptcha, refresh } = useCaptcha(needsCaptcha(purpose));
  // The captcha answer is required only when a code is asked for: the form's own submit does not need it.
  const asking = useRef(false);
  const captchaRules: FormRule[] = [
    {
      validator: (_rule, value?: string) => (asking.current && !value?.trim() ? Promise.reject(new Error(CAPTCHA_MISSING)) : Promise.resolve()),
    },
  ];

  async function send() {
    let values: Record<string, string | undefined>;
    asking.current = true;
    try {
      values = await form.validateFields(withCaptcha ? [phoneField, CAPTCHA_FIELD] : [phoneField]);
    } catch {
      return; // the fields show why
    } finally {
      asking.current = false;
    }
    const phone = values[phoneField] as string;
    setSending(true);
    try {
      if (withCaptcha) await sendSmsCode(phone, purpose, { captcha: (values[CAPTCHA_FIELD] ?? '').trim(), uuid: captcha?.uuid ?? '' });
      else await sendSmsCode(phone, purpose);
      setSentTo(phone);
      start();
    } catch (e) {
      // Notified by the client (验证码错误, 验证码已失效 …); the button stays usable, except while the server said to wait.
      const wait = retryAfterSeconds(e);
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
      if (withCaptcha) {
        // Used, whatever the answer: a new one for the next request.
        form.setFieldValue(CAPTCHA_FIELD, '');
        void refresh();
      }
    }
  }

  const codeItem = (
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
  if (!withCaptcha) return codeItem;
  return (
    <>
      <CaptchaField
        captcha={captcha}
        onRefresh={() => void refresh()}
        id={`${idPrefix}-captcha`}
        name={CAPTCHA_FIELD}
        label="图形验证码"
        rules={captchaRules}
      />
      {codeItem}
    </>
  );
}
