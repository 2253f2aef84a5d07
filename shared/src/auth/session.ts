import { getInfo, logoutCall } from '../api/account';
import { bus } from '../bus';
import { notify } from '../http/notify';
import { authStore } from './store';

/** After a login call answered a token: store it, load the user, tell everyone. */
export async function completeLogin(token: string): Promise<void> {
  authStore.login(token);
  await loadUserInfo();
  bus.emit('login', { userName: authStore.get().user?.userName ?? '' });
}

/** GET /getInfo into the store (roles default to ROLE_DEFAULT). */
export async function loadUserInfo(): Promise<void> {
  const info = await getInfo();
  authStore.setInfo(info);
}

/** Ask first (AUTH-6); on OK the host signs out. */
export function confirmLogout(): void {
  notify.confirm({
    title: '提示',
    content: '确定注销并退出系统吗？',
    okText: '确定',
    cancelText: '取消',
    onOk: () => bus.emit('logout', { reason: 'user' }),
  });
}

/** DELETE /logout, then clear token, roles, permissions and openid whatever the server answered (AUTH-7). */
export async function performLogout(): Promise<void> {
  try {
    if (authStore.get().token) await logoutCall();
  } catch {
    /* cleared below regardless */
  } finally {
    authStore.clear();
  }
}
