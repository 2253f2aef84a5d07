import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '@site/antd-kit';
import type { RoleOption, StaffUser } from '@site/contract';
import { UserForm } from './UserForm';
import { outOfReach, roleChoices } from './role-choices';

/** What GET /system/user/roleOptions answers a user administrator (issue 34.4). */
const ROLES: RoleOption[] = [
  { roleKey: 'useradmin', roleName: '用户管理员', assignable: true, missing: [] },
  { roleKey: 'editor', roleName: '内容编辑', assignable: false, missing: ['文章管理·查询', '留言管理·查询'] },
  { roleKey: 'admin', roleName: '超级管理员', assignable: false, missing: ['角色管理·查询'] },
];

const editorUser = { userId: 9, userName: 'zhang', nickName: '张三', roles: ['editor'], version: 1 } as StaffUser;

function renderForm(user: StaffUser | null) {
  render(
    <App>
      <UserForm user={user} roles={ROLES} onClose={() => {}} onSaved={() => {}} />
    </App>,
  );
}

/** Opens the 角色 select and answers its choices as listed (text, disabled). */
function openRoles() {
  const select = document.querySelector('#user-form_roles')!.closest('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-content')!);
  const dropdown = document.querySelector('.ant-select-dropdown')! as HTMLElement;
  return [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => [
    o.textContent,
    o.classList.contains('ant-select-item-option-disabled'),
  ]);
}

describe('user form 角色 choices', () => {
  it('[issue 34.4] a new user: only the roles the signed-in user may assign are offered', async () => {
    renderForm(null);
    await screen.findByText('新增用户');
    expect(openRoles()).toEqual([['用户管理员', false]]);
  });

  it('[issue 34.4] editing: the roles the user holds stay, disabled when not assignable, the missing rights named; wider roles are not offered', async () => {
    renderForm(editorUser);
    const dialog = await screen.findByRole('dialog');
    expect(openRoles()).toEqual([
      ['用户管理员', false],
      ['内容编辑', true],
    ]);
    expect(within(dialog).getByText('角色“内容编辑”超出您的权限（缺少：文章管理·查询、留言管理·查询），不能更改')).toBeTruthy();
    // the held role's tag cannot be removed
    const tag = within(dialog).getByText('内容编辑', { selector: '.ant-select-selection-item-content' }).closest('.ant-select-selection-item')!;
    expect(tag.querySelector('.ant-select-selection-item-remove')).toBeNull();
    expect(tag.getAttribute('title')).toBe('超出您的权限，缺少：文章管理·查询、留言管理·查询');
  });

  it('[issue 34.4] a server before 34.4 (no assignable field) offers every role', () => {
    const old = ROLES.map(({ roleKey, roleName }) => ({ roleKey, roleName }));
    expect(roleChoices(old).map((c) => [c.value, c.disabled])).toEqual([
      ['useradmin', false],
      ['editor', false],
      ['admin', false],
    ]);
  });

  it('[issue 45.3] typing in 角色 finds a role by the name shown (用户管理, 编辑), not by its hidden key', async () => {
    renderForm(editorUser);
    await screen.findByRole('dialog');
    openRoles();
    const input = document.querySelector('#user-form_roles') as HTMLInputElement;
    const shown = () => [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((o) => o.textContent);
    fireEvent.change(input, { target: { value: '用户管理' } });
    expect(shown()).toEqual(['用户管理员']);
    fireEvent.change(input, { target: { value: '编辑' } });
    expect(shown()).toEqual(['内容编辑']);
    fireEvent.change(input, { target: { value: 'editor' } });
    expect(shown()).toEqual([]);
  });

  it('[issue 45.3] a user holding a role beyond the signed-in user’s rights is out of reach, and the reason names the role and what is missing', () => {
    expect(outOfReach(['useradmin'], ROLES)).toBeUndefined();
    expect(outOfReach(['editor', 'useradmin'], ROLES)).toBe(
      '该用户的角色“内容编辑”超出您的权限（缺少：文章管理·查询、留言管理·查询），不能重置其密码或停用',
    );
    // A server before 34.4 says nothing: every user is in reach.
    expect(
      outOfReach(
        ['admin'],
        ROLES.map(({ roleKey, roleName }) => ({ roleKey, roleName })),
      ),
    ).toBeUndefined();
  });
});
