import { checkAll, checkField } from './rules';

test('[API-30] required fields refuse blank and spaces in Chinese; the optional email passes empty', () => {
  expect(checkField('title', '   ')).toBe('请输入标题');
  expect(checkField('text', '')).toBe('请输入内容');
  expect(checkField('nickname', '')).toBe('请输入姓名');
  expect(checkField('phone', '')).toBe('请输入联系电话');
  expect(checkField('captcha', ' ')).toBe('请输入验证码');
  expect(checkField('email', '')).toBeUndefined();
});

test('[API-30] limits and formats as the server checks them', () => {
  expect(checkField('title', 'a'.repeat(100))).toBeUndefined();
  expect(checkField('title', 'a'.repeat(101))).toBe('标题不能超过 100 个字符');
  expect(checkField('text', 'a'.repeat(2001))).toBe('内容不能超过 2000 个字符');
  expect(checkField('nickname', 'a'.repeat(51))).toBe('姓名不能超过 50 个字符');
  expect(checkField('phone', '12345678901')).toBe('请输入正确的手机号码');
  expect(checkField('phone', '13800138000')).toBeUndefined();
  expect(checkField('email', 'not-an-email')).toBe('请输入正确的邮箱地址');
  expect(checkField('email', 'zhang@example.com')).toBeUndefined();
  expect(checkField('email', `${'a'.repeat(96)}@b.cn`)).toBe('邮箱不能超过 100 个字符');
});

test('checkAll reports only the fields on screen', () => {
  const values = { title: '', text: '', nickname: '', phone: '', email: '', captcha: '' };
  expect(Object.keys(checkAll(values, ['title', 'text', 'nickname', 'phone', 'email']))).toEqual(['title', 'text', 'nickname', 'phone']);
});
