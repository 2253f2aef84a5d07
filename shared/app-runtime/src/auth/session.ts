import { getInfo, logoutCall } from './session-api';
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

/**
 * Clear token, roles, permissions and openid at once, then revoke the token on the server (AUTH-7). The local copy
 * goes first: waiting for the server's answer left the user signed in (cookie and all) for as long as the call took,
 * up to the 60 s timeout, which is what made the sign-out tests fail now and then. Resolves once the server was
 * told (or could not be), so a caller that navigates afterwards finds the token revoked.
 */
export async function performLogout(): Promise<void> {
  const token = authStore.get().token;
  authStore.clear();
  if (!token) return;
  try {
    await logoutCall(token);
  } catch {
    /* signed out locally whatever the server answered */
  }
}
