/** Roles and their menus, `/system/role*`: `services/api-server/src/routes/roles.ts`. */

import type { PageQuery, RData, TableDataInfo } from './common';

/** `GET /system/role/list` row, `GET /system/role/{key}` data. */
export interface SysRole {
  roleKey: string;
  roleName: string;
  /** Permission strings `<module>:<resource>:<action>` (`*:*:*` for 超级管理员). */
  perms: string[];
  menuIds: number[];
  remark: string;
  roleSort: number;
  /** 超级管理员: cannot be deleted and keeps every permission. */
  builtIn: boolean;
  userCount: number;
  createTime: string;
  version: number;
}

export interface SysRoleQuery extends PageQuery {
  /** Part of the role name or key. */
  roleName?: string;
}

/** `POST /system/role` (all fields) and `PUT /system/role/{key}` (without roleKey, with version). */
export interface SysRoleBody {
  roleKey?: string;
  roleName: string;
  menuIds: number[];
  perms: string[];
  remark?: string;
  roleSort?: number;
  version?: number;
}

/** `GET /system/role/menus`: every menu as a flat list (the role form builds its tree). */
export interface SysMenuNode {
  menuId: number;
  parentId: number;
  menuName: string;
  /** `M` directory, `C` page, `L` link, `F` an action of its parent page (RuoYi's button). */
  menuType: string;
  /** A page's list permission (`system:user:list`), or an action's (`system:user:add`); null for a directory. */
  perms: string | null;
  orderNum: number;
}

export type SysRoleListResponse = TableDataInfo<SysRole>;

export type SysRoleResponse = RData<SysRole>;

export type SysMenuListResponse = RData<SysMenuNode[]>;
