import { ApiError } from '@site/app-runtime';
import type { FormInstance } from '@site/antd-kit';
import { showServerFieldError } from './server-field-error';

describe('showServerFieldError', () => {
  test('[ISSUE-18 rules] the server message goes beside the field it names (dotted paths too); other errors are left alone', () => {
    const setFields = jest.fn();
    const form = { setFields } as unknown as FormInstance;
    expect(showServerFieldError(form, new ApiError('链接只能是站内路径', 400, { code: 400, msg: '链接只能是站内路径', field: 'url' }))).toBe(true);
    expect(setFields).toHaveBeenLastCalledWith([{ name: ['url'], errors: ['链接只能是站内路径'] }]);
    showServerFieldError(form, new ApiError('x', 400, { code: 400, msg: '标题不能为空', field: 'items.0.title' }));
    expect(setFields).toHaveBeenLastCalledWith([{ name: ['items', '0', 'title'], errors: ['标题不能为空'] }]);
    expect(
      showServerFieldError(form, new ApiError('内容已被他人修改，请刷新后再试', 409, { code: 409, msg: '内容已被他人修改，请刷新后再试' })),
    ).toBe(false);
    expect(showServerFieldError(form, new Error('network'))).toBe(false);
    expect(setFields).toHaveBeenCalledTimes(2);
  });
});

function fakeForm() {
  const calls: unknown[] = [];
  return { form: { setFields: (f: unknown) => calls.push(f) } as unknown as FormInstance, calls };
}

describe('showServerFieldError with the form’s fields', () => {
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
