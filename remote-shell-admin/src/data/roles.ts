import { DEFAULT_ROLE, ROLE_LABELS } from '@site/contract';

/** A signed-in customer holds no staff role: getInfo's roles are empty, which the store reads as ROLE_DEFAULT. */
export const isCustomer = (roles: readonly string[]) => roles.every((r) => r === DEFAULT_ROLE);

/** Role names as people read them (普通用户, 超级管理员, 内容编辑); an unknown key is shown as it is. */
export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;
