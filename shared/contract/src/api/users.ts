/** Staff users, `/system/user*`: `services/api-server/src/routes/users.ts`. */

import type { PageQuery, RData, TableDataInfo } from './common';

export type UserStatus = '0' | '1';

/** The account fields a staff user and a site customer share (`StaffUser` here, `SiteCustomer` in api/customers). */
export interface AccountFields {
  userId: number;
  userName: string;
  nickName: string;
  phonenumber: string;
  email: string;
  status: UserStatus;
}

/** `GET /system/user/list` row, `GET /system/user/{id}` data: a staff user (holds at least one role). */
export interface StaffUser extends AccountFields {
  /** Role keys held, and their Chinese names in the same order. */
  roles: string[];
  roleNames: string[];
  remark: string;
  /** The password was set by an administrator and must be changed at the next sign-in. */
  passwordInitial: boolean;
  createTime: string;
  version: number;
}

export interface StaffUserQuery extends PageQuery {
  /** Part of the user name or nickname. */
  userName?: string;
  phonenumber?: string;
  status?: UserStatus;
  roleKey?: string;
}

/** `POST /system/user`: without a password the server makes one (answered once in `data.password`). */
export interface StaffUserCreateBody {
  userName: string;
  nickName: string;
  password?: string;
  phonenumber?: string;
  email?: string;
  roles: string[];
  remark?: string;
}

/** `PUT /system/user/{id}`: `version` is the one read; a stale one is refused with STALE_WRITE_MSG. */
export interface StaffUserUpdateBody {
  nickName: string;
  phonenumber?: string;
  email?: string;
  roles: string[];
  remark?: string;
  version: number;
}

/** `PUT /system/user/{id}/status`, `PUT /system/customer/{id}/status`. */
export interface UserStatusBody {
  status: UserStatus;
}

/** `PUT /system/user/{id}/resetPwd`: the password to set, or none for a random one. */
export interface ResetPasswordBody {
  password?: string;
}

/**
 * `GET /system/user/roleOptions` (perm `system:user:add` or `system:user:edit`): every role, each saying whether the
 * caller may give it. The user form offers for choice only the `assignable` ones, plus (when editing)
 * the roles the user already holds, which stay whatever the caller holds (the server re-checks only added roles).
 * A role that is not assignable may be shown disabled with `missing` as its reason.
 */
export interface RoleOption {
  roleKey: string;
  roleName: string;
  /** The role carries no right the caller lacks (a 超级管理员 may give every role). Absent from servers before 34.4. */
  assignable?: boolean;
  /** The rights the caller lacks, named as the role form names them (`留言板·查询`); empty when assignable. */
  missing?: string[];
}

export type RoleOptionsResponse = RData<RoleOption[]>;

/** `POST /system/user` and `PUT /system/user/{id}/resetPwd`: the id and the initial password, shown once. */
export type InitialPasswordResponse = RData<{ userId: number; password: string }>;

export type StaffUserListResponse = TableDataInfo<StaffUser>;

export type StaffUserResponse = RData<StaffUser>;
