import type { FormRule as Rule } from '@site/antd-kit';

/** Mainland mobile numbers: 1, then 3–9, then nine digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Form rules with the Chinese messages users see; one place so every account form says the same. */
export const rules = {
  username: [{ required: true, message: '请输入用户名' }] as Rule[],
  password: [{ required: true, message: '请输入密码' }] as Rule[],
  captcha: [{ required: true, message: '请输入验证码' }] as Rule[],
  phone: [
    { required: true, message: '请输入手机号码' },
    { pattern: PHONE_PATTERN, message: '请输入正确的手机号码' },
  ] as Rule[],
  smsCode: [{ required: true, message: '请输入短信验证码' }] as Rule[],
  name: [
    { required: true, whitespace: true, message: '请输入姓名' },
    { max: 30, message: '姓名不能超过30个字符' },
  ] as Rule[],
  newPassword: [
    { required: true, message: '请输入新密码' },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `密码长度为${PASSWORD_MIN}-${PASSWORD_MAX}位` },
  ] as Rule[],
  /** The confirmation must equal the field `password`. */
  confirmPassword: [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator(_rule, value) {
        if (!value || getFieldValue('password') === value) return Promise.resolve();
        return Promise.reject(new Error('两次输入的密码不一致'));
      },
    }),
  ] as Rule[],
};
