import type { FormRule as Rule } from '@site/antd-kit';

/** Mainland mobile number, as the server checks it. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Validation of the message-board form, with the server's limits and Chinese messages. */
export const RULES: Record<'title' | 'text' | 'nickname' | 'phone' | 'email' | 'captcha', Rule[]> = {
  title: [
    { required: true, whitespace: true, message: '请输入标题' },
    { max: 100, message: '标题不能超过 100 个字符' },
  ],
  text: [
    { required: true, whitespace: true, message: '请输入内容' },
    { max: 2000, message: '内容不能超过 2000 个字符' },
  ],
  nickname: [
    { required: true, whitespace: true, message: '请输入姓名' },
    { max: 50, message: '姓名不能超过 50 个字符' },
  ],
  phone: [
    { required: true, message: '请输入联系电话' },
    { pattern: PHONE_PATTERN, message: '请输入正确的手机号码' },
  ],
  email: [
    { type: 'email', message: '请输入正确的邮箱地址' },
    { max: 100, message: '邮箱不能超过 100 个字符' },
  ],
  captcha: [{ required: true, whitespace: true, message: '请输入验证码' }],
};
