import { showServerFieldError } from './server-field';
import type { FormInstance } from '@site/ui-kit';

function fakeForm() {
  const calls: unknown[] = [];
  return { form: { setFields: (f: unknown) => calls.push(f) } as unknown as FormInstance, calls };
}

describe('showServerFieldError', () => {
  it('[ISSUE-18-RULES] puts the server message beside the named field (first segment of a dotted path)', () => {
    const { form, calls } = fakeForm();
    expect(showServerFieldError(form, { body: { code: 400, msg: '角色不存在', field: 'roles.0' } }, ['roles'])).toBe(true);
    expect(calls).toEqual([[{ name: 'roles', errors: ['角色不存在'] }]]);
  });

  it('[ISSUE-18-RULES] leaves the form alone for answers without a field, or a field the form does not have', () => {
    const { form, calls } = fakeForm();
    expect(showServerFieldError(form, { body: { code: 409, msg: '内容已被他人修改，请刷新后再试' } }, ['roles'])).toBe(false);
    expect(showServerFieldError(form, { body: { code: 400, msg: 'x', field: 'other' } }, ['roles'])).toBe(false);
    expect(showServerFieldError(form, new Error('network'), ['roles'])).toBe(false);
    expect(calls).toEqual([]);
  });
});
