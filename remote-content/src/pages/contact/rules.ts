/** Mainland mobile number, as the server checks it. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** An address with one @ and a dot in its domain, nothing blank: the server's own check decides the rest. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldName = 'title' | 'text' | 'nickname' | 'phone' | 'email' | 'captcha';
export type Values = Record<FieldName, string>;
export type Errors = Partial<Record<FieldName, string>>;

interface Check {
  /** Blank (or only spaces) is refused. */
  required?: boolean;
  max?: number;
  pattern?: RegExp;
  message: string;
}

/** Validation of the message-board form, with the server's limits and Chinese messages; the first failed check shows. */
export const RULES: Record<FieldName, Check[]> = {
  title: [
    { required: true, message: '请输入标题' },
    { max: 100, message: '标题不能超过 100 个字符' },
  ],
  text: [
    { required: true, message: '请输入内容' },
    { max: 2000, message: '内容不能超过 2000 个字符' },
  ],
  nickname: [
    { required: true, message: '请输入姓名' },
    { max: 50, message: '姓名不能超过 50 个字符' },
  ],
  phone: [
    { required: true, message: '请输入联系电话' },
    { pattern: PHONE_PATTERN, message: '请输入正确的手机号码' },
  ],
  email: [
    { pattern: EMAIL_PATTERN, message: '请输入正确的邮箱地址' },
    { max: 100, message: '邮箱不能超过 100 个字符' },
  ],
  captcha: [{ required: true, message: '请输入验证码' }],
};

/** The message for one field's value, or undefined when it passes. An empty optional field passes. */
export function checkField(name: FieldName, value: string): string | undefined {
  const blank = value.trim() === '';
  for (const rule of RULES[name]) {
    if (rule.required && blank) return rule.message;
    if (blank) continue;
    if (rule.max !== undefined && value.length > rule.max) return rule.message;
    if (rule.pattern && !rule.pattern.test(value.trim())) return rule.message;
  }
  return undefined;
}

/** Every field's message; `names` are the fields on screen (no captcha when the server has it off). */
export function checkAll(values: Values, names: readonly FieldName[]): Errors {
  const errors: Errors = {};
  for (const name of names) {
    const message = checkField(name, values[name]);
    if (message) errors[name] = message;
  }
  return errors;
}
