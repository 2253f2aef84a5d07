import { Tag } from '@site/antd-kit';
import type { UserStatus } from '@site/contract';
import type { Control } from '../list-page';

/** 正常 or 停用 of a staff or customer account. */
export const accountStatusTag = (s: UserStatus) => (s === '0' ? <Tag color="green">正常</Tag> : <Tag color="red">停用</Tag>);

/** What the account's status becomes, and the notice saying so. */
export function nextAccountStatus(a: { status: UserStatus; userName: string }) {
  const status: UserStatus = a.status === '0' ? '1' : '0';
  return { status, done: status === '1' ? `已停用 ${a.userName}` : `已启用 ${a.userName}` };
}

/** The row's 停用 / 启用 (the disable / enable action), asked first; `kind` names the account in the question (客户). */
export function accountStatusControl(a: { status: UserStatus; userName: string }, kind: string, onConfirm: () => Promise<void>): Control {
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
