import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { postMessageBoard } from '@site/api-client';
import { getToken } from '@site/app-runtime';
import { checkAll, checkField, type Errors, type FieldName, type Values } from './rules';
import { useCaptcha } from './useCaptcha';

const EMPTY: Values = { title: '', text: '', nickname: '', phone: '', email: '', captcha: '' };
const FORM_ID = 'messageBoard';
const idOf = (name: FieldName) => `${FORM_ID}_${name}`;

/**
 * What happens after 留言成功, as the server does it: staff answer in 留言板 and the answer goes out by SMS to
 * the number typed here. A message left while signed in is filed under the account: the SMS carries the answer and the
 * workbench (工作台 → 我的留言) shows it. An anonymous message belongs to no account (signing in later does not show it):
 * its SMS is a fixed notice that an answer is waiting and where to ask for it. No time is promised: the
 * company has set none.
 */
export function answerNotice(phone: string, signedIn: boolean): string {
  const to = `尾号 ${phone.slice(-4)} 的手机`;
  return signedIn
    ? `我们答复后会将答复内容以短信发送到${to}，您也可以在工作台“我的留言”中查看答复。`
    : `我们答复后会发送短信到${to}通知您，请按短信提示查询答复内容；登录后留言，还可以在工作台“我的留言”中查看答复。`;
}

/**
 * 在线留言: validated in Chinese as the visitor types and on submit, sent to POST /api/message-board. On success the
 * form clears and says so, and how the answer will come (`answerNotice`); on failure (the shared client has already
 * shown the server's message) everything typed stays, only the used captcha is replaced and its answer cleared. `initialTitle` (a product inquiry) fills an empty
 * title. Plain form elements, no antd: the contact page is a public page, and antd is about 1 MB of script a phone
 * would evaluate for six fields.
 */
export function MessageBoardForm({ initialTitle }: { initialTitle?: string }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const captchaRow = useRef<HTMLDivElement>(null);
  const { captcha, refresh } = useCaptcha(captchaRow);
  const names: FieldName[] = ['title', 'text', 'nickname', 'phone', 'email', ...(captcha.status === 'disabled' ? [] : ['captcha' as const])];

  useEffect(() => {
    if (initialTitle) setValues((v) => (v.title ? v : { ...v, title: initialTitle }));
  }, [initialTitle]);

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: checkField(name, value) }));
    setSent('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkAll(values, names);
    setErrors(found);
    if (Object.keys(found).length > 0 || submitting) return;
    setSubmitting(true);
    try {
      const res = await postMessageBoard({
        title: values.title.trim(),
        text: values.text.trim(),
        nickname: values.nickname.trim(),
        phone: values.phone,
        email: values.email.trim() || undefined,
        captcha: values.captcha.trim(),
        uuid: captcha.status === 'ready' ? captcha.uuid : '',
      });
      setValues(EMPTY);
      // Filed under the account when the request carried a token (the shared client adds the session's).
      setSent(`${res?.msg || '留言成功'}。${answerNotice(values.phone, !!getToken())}`);
    } catch {
      setValues((v) => ({ ...v, captcha: '' }));
    } finally {
      setSubmitting(false);
      refresh();
    }
  };

  const input = (name: FieldName, props: InputHTMLAttributes<HTMLInputElement>) => (
    <input
      id={idOf(name)}
      name={name}
      className="rc-input"
      value={values[name]}
      onChange={(e) => change(name, e.target.value)}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${idOf(name)}_help` : undefined}
      {...props}
    />
  );

  return (
    <form id={FORM_ID} className="rc-form" onSubmit={submit} noValidate autoComplete="on">
      <Field name="title" label="标题" required error={errors.title}>
        {input('title', { maxLength: 100, placeholder: '请输入标题' })}
      </Field>
      <Field name="text" label="内容" required error={errors.text}>
        <textarea
          id={idOf('text')}
          name="text"
          className="rc-input"
          rows={5}
          maxLength={2000}
          placeholder="请输入留言内容"
          value={values.text}
          onChange={(e) => change('text', e.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${idOf('text')}_help` : undefined}
        />
        <span className="rc-form-count" aria-hidden="true">
          {values.text.length} / 2000
        </span>
      </Field>
      <Field name="nickname" label="姓名" required error={errors.nickname}>
        {input('nickname', { maxLength: 50, autoComplete: 'name', placeholder: '请输入姓名' })}
      </Field>
      <Field name="phone" label="联系电话" required error={errors.phone}>
        {input('phone', { maxLength: 11, inputMode: 'numeric', autoComplete: 'tel', placeholder: '请输入手机号码' })}
      </Field>
      {/* inputMode, not type="email": the browser's own check would block the submit before the Chinese messages show. */}
      <Field name="email" label="邮箱" error={errors.email}>
        {input('email', { maxLength: 100, inputMode: 'email', autoComplete: 'email', placeholder: '请输入邮箱（选填）' })}
      </Field>
      {captcha.status !== 'disabled' && (
        <Field name="captcha" label="验证码" required error={errors.captcha}>
          <div className="rc-captcha" ref={captchaRow}>
            {input('captcha', { maxLength: 8, autoComplete: 'off', placeholder: '请输入验证码' })}
            {captcha.status === 'ready' ? (
              <button type="button" className="rc-captcha-image" onClick={refresh} title="看不清？点击换一张" aria-label="看不清？点击换一张">
                <img src={captcha.src} alt="验证码" width={120} height={40} />
              </button>
            ) : (
              <button type="button" className="site-button" onClick={refresh} disabled={captcha.status === 'loading'}>
                {captcha.status === 'failed' ? '验证码加载失败，点击重试' : '加载中'}
              </button>
            )}
          </div>
        </Field>
      )}
      <div className="rc-form-actions">
        <button type="submit" className="site-button site-button--primary" disabled={submitting} aria-busy={submitting}>
          提交留言
        </button>
        <p className="rc-form-sent" role="status">
          {sent}
        </p>
      </div>
    </form>
  );
}

function Field({
  name,
  label,
  required,
  error,
  children,
}: {
  name: FieldName;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`rc-form-item${error ? ' rc-form-item--error' : ''}`}>
      <label htmlFor={idOf(name)} className={required ? 'rc-form-required' : undefined}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${idOf(name)}_help`} className="rc-form-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
