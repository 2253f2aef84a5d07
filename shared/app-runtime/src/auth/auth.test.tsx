import { render, screen } from '@testing-library/react';
import { Auth, Action } from './Auth';
import { authStore, hasPermi, hasRole } from './store';
import { checkPermi, checkRole, hasAction, toPermissionActions } from './permission';
import { getToken, setToken } from './token';
import { ACTION_NAMES, TOKEN_COOKIE_LIFETIME_MS } from '@site/contract';

const user = { userId: 1, userName: 'u', nickName: 'U', avatar: '', customerId: null, deptId: null, postIds: [], phonenumber: '', email: '' };

afterEach(() => authStore.clear());

describe('auth store and checks', () => {
  test('[AUTH-4] token stored in the access_token cookie for 7 days', () => {
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
    const set = jest.spyOn(document, 'cookie', 'set');
    setToken('abc');
    const written = set.mock.calls[0][0] as string;
    expect(written).toMatch(/^access_token=abc/);
    expect(written).toContain(`expires=${new Date(now + TOKEN_COOKIE_LIFETIME_MS).toUTCString()}`);
    expect(TOKEN_COOKIE_LIFETIME_MS).toBe(604800000);
    set.mockRestore();
    spy.mockRestore();
    expect(getToken()).toBe('abc');
  });

  test('[AUTH-5] no roles -> ROLE_DEFAULT', () => {
    authStore.setInfo({ user, roles: [], permissions: [] });
    expect(authStore.get().roles).toEqual(['ROLE_DEFAULT']);
    authStore.setInfo({ user, roles: ['editor'], permissions: [] });
    expect(authStore.get().roles).toEqual(['editor']);
  });

  test('[AUTH-7] clear removes token, roles, permissions and openid', () => {
    authStore.login('t1');
    document.cookie = 'openid=o1; path=/';
    authStore.setInfo({ user, roles: ['editor'], permissions: ['a:b:c'] });
    authStore.clear();
    const s = authStore.get();
    expect(s.token).toBeUndefined();
    expect(s.roles).toEqual([]);
    expect(s.permissions).toEqual([]);
    expect(document.cookie).not.toMatch(/access_token=|openid=/);
  });

  test('[PERM-2] permission check: wildcard *:*:* or exact string', () => {
    expect(checkPermi(['*:*:*'], ['x:y:z'])).toBe(true);
    expect(checkPermi(['x:y:z'], ['x:y:z'])).toBe(true);
    expect(checkPermi(['x:y:q'], ['x:y:z'])).toBe(false);
  });

  test('[PERM-3] role check: admin or exact match', () => {
    expect(checkRole(['admin'], ['editor'])).toBe(true);
    expect(checkRole(['editor'], ['editor'])).toBe(true);
    expect(checkRole(['common'], ['editor'])).toBe(false);
  });

  test('[PERM-4][PERM-5] an empty or missing list throws', () => {
    expect(() => checkPermi(['*:*:*'], [])).toThrow();
    expect(() => checkRole(['admin'], [])).toThrow();
    expect(() => render(<Auth permi={[]}>x</Auth>)).toThrow();
    expect(() => render(<Auth role={[]}>x</Auth>)).toThrow();
    jest.restoreAllMocks();
  });

  test('[PERM-6][PERM-7] <Auth> removes its element unless a role/permission matches', () => {
    authStore.setInfo({ user, roles: ['editor'], permissions: ['system:notice:list'] });
    render(
      <>
        <Auth permi={['system:notice:list']}>
          <span>可见权限</span>
        </Auth>
        <Auth permi={['system:user:add']}>
          <span>隐藏权限</span>
        </Auth>
        <Auth role={['editor']}>
          <span>可见角色</span>
        </Auth>
        <Auth role={['boss']}>
          <span>隐藏角色</span>
        </Auth>
      </>,
    );
    expect(screen.queryByText('可见权限')).not.toBeNull();
    expect(screen.queryByText('隐藏权限')).toBeNull();
    expect(screen.queryByText('可见角色')).not.toBeNull();
    expect(screen.queryByText('隐藏角色')).toBeNull();
    expect(hasPermi(['system:notice:list'])).toBe(true);
    expect(hasRole(['admin'])).toBe(false);
  });

  test('[PERM-9][PERM-10] action check against the route permission actionList', () => {
    expect(ACTION_NAMES).toEqual(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export', 'publish']);
    expect(toPermissionActions(['system:notice:query', 'system:notice:add', 'content:message:list'])).toEqual([
      { permissionId: 'system:notice', actionList: ['query', 'add'] },
      { permissionId: 'content:message', actionList: ['list'] },
    ]);
    expect(hasAction(['system:notice:query'], 'system:notice', 'query')).toBe(true);
    expect(hasAction(['system:notice:query'], 'system:notice', 'delete')).toBe(false);
    authStore.setInfo({ user, roles: ['editor'], permissions: ['system:notice:query'] });
    render(
      <>
        <Action permissionId="system:notice" action="query">
          <span>查询按钮</span>
        </Action>
        <Action permissionId="system:notice" action="delete">
          <span>删除按钮</span>
        </Action>
      </>,
    );
    expect(screen.queryByText('查询按钮')).not.toBeNull();
    expect(screen.queryByText('删除按钮')).toBeNull();
  });
});

describe('initial password (issue 15 finding 3)', () => {
  test('[ISSUE-15.3] /getInfo isDefaultModifyPwd: true marks the session as having to change the password; false or absent does not', () => {
    authStore.setInfo({ user, roles: ['admin'], permissions: ['*:*:*'], isDefaultModifyPwd: true });
    expect(authStore.get().mustChangePassword).toBe(true);
    authStore.setInfo({ user, roles: ['admin'], permissions: ['*:*:*'], isDefaultModifyPwd: false });
    expect(authStore.get().mustChangePassword).toBe(false);
    authStore.setInfo({ user, roles: ['admin'], permissions: ['*:*:*'] });
    expect(authStore.get().mustChangePassword).toBe(false);
    authStore.setInfo({ user, roles: ['admin'], permissions: ['*:*:*'], isDefaultModifyPwd: true });
    authStore.clear();
    expect(authStore.get().mustChangePassword).toBe(false);
  });
});
