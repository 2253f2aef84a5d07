import { useSyncExternalStore } from 'react';
import { DEFAULT_ROLE } from '@site/contract';
import { checkPermi, checkRole, toPermissionActions, type PermissionActions } from './permission';
import { getToken, removeOpenid, removeToken, setToken } from './token';
import type { DictData, UserInfo } from '@site/contract';

export type AuthUser = UserInfo;
export type DictEntry = Pick<DictData, 'dictLabel' | 'dictValue' | 'listClass' | 'cssClass'> & Partial<DictData>;

export interface AuthState {
  token: string | undefined;
  user: AuthUser | null;
  roles: string[];
  permissions: string[];
  /** {permissionId, actionList} derived from the permission strings. */
  permissionActions: PermissionActions[];
  /** Dictionary cache: type -> entries. */
  dicts: Record<string, DictEntry[]>;
  /** /getInfo's isDefaultModifyPwd: the initial or a reset password is still in use; the admin shell asks for a new one first. */
  mustChangePassword: boolean;
}

type Listener = () => void;

const emptyState = (): AuthState => ({
  token: getToken(),
  user: null,
  roles: [],
  permissions: [],
  permissionActions: [],
  dicts: {},
  mustChangePassword: false,
});

let state: AuthState = emptyState();
const listeners = new Set<Listener>();

function set(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Store the token (access_token cookie, 7 days). */
  login(token: string): void {
    setToken(token);
    set({ token });
  },
  /** Fill from /getInfo; no roles means ROLE_DEFAULT. */
  setInfo(info: { user: AuthUser; roles?: string[] | null; permissions?: string[] | null; isDefaultModifyPwd?: boolean | null }): void {
    const roles = info.roles && info.roles.length > 0 ? info.roles : [DEFAULT_ROLE];
    const permissions = info.permissions ?? [];
    set({
      user: info.user,
      roles,
      permissions,
      permissionActions: toPermissionActions(permissions),
      token: getToken(),
      mustChangePassword: info.isDefaultModifyPwd === true,
    });
  },
  setDict(type: string, entries: DictEntry[]): void {
    set({ dicts: { ...state.dicts, [type]: entries } });
  },
  /** Clear token, roles, permissions and the openid entry. */
  clear(): void {
    removeToken();
    removeOpenid();
    set({ ...emptyState(), token: undefined });
  },
  /** Pick up a token written by someone else (e.g. the messaging-app callback cookie). */
  syncToken(): void {
    set({ token: getToken() });
  },
};

export function hasPermi(permissions: readonly string[]): boolean {
  return checkPermi(state.permissions, permissions);
}

export function hasRole(roles: readonly string[]): boolean {
  return checkRole(state.roles, roles);
}

/**
 * What a page rendered ahead of time shows: nobody signed in (the renderer has no cookie). The browser hydrating such
 * a page starts from it too, so the HTML matches, and then shows the signed-in user.
 */
const SIGNED_OUT: AuthState = Object.freeze({ ...emptyState(), token: undefined });

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, () => SIGNED_OUT);
}
