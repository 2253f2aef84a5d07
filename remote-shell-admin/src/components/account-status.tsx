import { App, Tag } from '@site/antd-kit';
import type { UserStatus } from '@site/contract';
import type { Control } from '../list-page';

/** 正常 or 停用 of a staff or customer account. */
export const accountStatusTag = (s: UserStatus) => (s === '0' ? <Tag color="green">正常</Tag> : <Tag color="red">停用</Tag>);

/** What the account's status becomes, and the notice saying so. */
function nextAccountStatus(a: { status: UserStatus; userName: string }) {
  const status: UserStatus = a.status === '0' ? '1' : '0';
  return { status, done: status === '1' ? `已停用 ${a.userName}` : `已启用 ${a.userName}` };
}

/**
 * Flips an account between 正常 and 停用 through `save`, says so and refreshes the list (staff users and customers
 * alike); answers the new status, or null when the call failed (the client has already notified).
 */
export function useAccountStatusToggle(save: (userId: number, body: { status: UserStatus }) => Promise<unknown>, refresh: () => unknown) {
  const { message } = App.useApp();
  return async (a: { userId: number; status: UserStatus; userName: string }): Promise<UserStatus | null> => {
    const { status, done } = nextAccountStatus(a);
    try {
      await save(a.userId, { status });
    } catch {
      return null;
    }
    void message.success(done);
    void refresh();
    return status;
  };
}

/** The row's 停用 / 启用 (the disable / enable action), asked first; `kind` names the account in the question (客户). */
export function accountStatusControl(a: { status: UserStatus; userName: string }, kind: string, onConfirm: () => Promise<unknown>): Control {
  const active = a.status === '0';
  return {
    key: 'status',
    label: active ? '停用' : '启用',
    action: active ? 'disable' : 'enable',
    danger: active,
    onClick: onConfirm,
    confirm: {
      title: `${active ? '停用' : '启用'}${kind} ${a.userName}？`,
      description: active ? '停用后该账号不能登录，当前登录立即失效' : undefined,
    },
  };
}
