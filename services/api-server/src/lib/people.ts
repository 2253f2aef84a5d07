/**
 * What users.ts, customers.ts and roles.ts share: the role holdings of a page of users, staff vs customer
 * filters, the initial password an administrator hands out, and the account status switch.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ALL_PERMISSION, RESET_PASSWORD_LENGTH, ROLE_LABELS, permissionLabeller, permissionList, type AccountFields } from '@site/contract';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { accountName, recordAudit } from './audit.js';
import { hasPermi, isAdmin, needAnyPermi, revokeAllTokens, type CurrentUser } from './auth.js';
import { forbidden, HttpError } from './errors.js';
import { intId } from './validate.js';

/** SQL: the user holds at least one role (staff) / none (a customer registered on the site). */
export const holdsRole = sql`EXISTS (SELECT 1 FROM sys_user_role ur WHERE ur.user_id = ${t.sysUser.userId})`;
export const holdsNoRole = sql`NOT ${holdsRole}`;

/** user id -> role keys held (sorted) and their Chinese names. */
export async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, { keys: string[]; names: string[] }>> {
  const out = new Map<number, { keys: string[]; names: string[] }>();
  if (!userIds.length) return out;
  const held = await db
    .select({ userId: t.sysUserRole.userId, roleKey: t.sysRole.roleKey, roleName: t.sysRole.roleName })
    .from(t.sysUserRole)
    .innerJoin(t.sysRole, eq(t.sysRole.roleKey, t.sysUserRole.roleKey))
    .where(inArray(t.sysUserRole.userId, userIds))
    .orderBy(t.sysRole.roleSort, t.sysRole.roleKey);
  for (const r of held) {
    const e = out.get(r.userId) ?? { keys: [], names: [] };
    e.keys.push(r.roleKey);
    e.names.push(r.roleName || ROLE_LABELS[r.roleKey] || r.roleKey);
    out.set(r.userId, e);
  }
  return out;
}

/** The text with the LIKE wildcard characters escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `%text%` for ILIKE, wildcards of the text escaped. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** Letters and digits without look-alikes (0/O, 1/l/I): the person reads it off the screen once. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random initial password with at least one upper-case letter, one lower-case letter and one digit. */
export function randomPassword(length = RESET_PASSWORD_LENGTH): string {
  for (;;) {
    const bytes = crypto.randomBytes(length);
    let p = '';
    // 256 is not a multiple of the alphabet's size: bytes past the last whole multiple are skipped (no bias).
    const limit = 256 - (256 % ALPHABET.length);
    for (const b of bytes) if (b < limit) p += ALPHABET[b % ALPHABET.length];
    if (p.length === length && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p)) return p;
  }
}

/** The fields a staff user and a customer share (AccountFields), from their sys_user row. */
export const accountFields = (u: typeof t.sysUser.$inferSelect): AccountFields => ({
  userId: u.userId,
  userName: u.userName,
  nickName: u.nickName,
  phonenumber: u.phonenumber ?? '',
  email: u.email,
  status: u.status === '1' ? '1' : '0',
});

/** WHERE of one user that must (or must not) be staff. */
export const userWhere = (userId: number, staff: boolean): SQL => sql`${t.sysUser.userId} = ${userId} AND ${staff ? holdsRole : holdsNoRole}`;

type StatusArea = 'system:user' | 'system:customer';

/**
 * The route options of an account's status switch (启用/停用, `PUT /system/user/:userId/status` and
 * `/system/customer/:userId/status`): open to whom holds either permission of the area; statusAction checks the one
 * the change needs.
 */
export const statusRoute = (db: Db, area: StatusArea) => ({
  onRequest: needAnyPermi(db, [`${area}:enable`, `${area}:disable`]),
  schema: { params: z.object({ userId: intId }), body: z.object({ status: z.enum(['0', '1'], { error: '状态只能为0或1' }) }) },
});

/** What a status switch does (enable for '0', disable for '1'), refused (403) to whom lacks that permission. */
export function statusAction(u: CurrentUser, area: StatusArea, status: '0' | '1'): 'enable' | 'disable' {
  const action = status === '0' ? 'enable' : 'disable';
  if (!hasPermi(u, `${area}:${action}`)) throw forbidden();
  return action;
}

/**
 * 启用/停用 in the write's transaction: the status stored and the row's version moved (as every write of the row
 * does), a disabled account's sessions ended, the change in 操作日志 under the account's name; `after` is the account
 * as the API answers it, from the row written.
 */
export async function saveStatus(
  tx: Db,
  req: FastifyRequest,
  u: CurrentUser,
  change: {
    resource: 'user' | 'customer';
    action: 'enable' | 'disable';
    before: AccountFields;
    status: '0' | '1';
    after: (row: typeof t.sysUser.$inferSelect) => unknown;
  },
): Promise<void> {
  const { before, status } = change;
  const [row] = await tx
    .update(t.sysUser)
    .set({ status, version: sql`${t.sysUser.version} + 1` })
    .where(eq(t.sysUser.userId, before.userId))
    .returning();
  if (status === '1') await revokeAllTokens(tx, before.userId);
  await recordAudit(tx, req, u, {
    resource: change.resource,
    action: change.action,
    targetId: before.userId,
    summary: accountName(before),
    before,
    after: change.after(row),
  });
}

// ---- The rights rule: nobody acts with rights they do not hold.
//
// One place for every check of it: acting on an account (reset its password, change its phone or e-mail, disable or
// enable it, end its sessions), assigning roles to a user, and granting or removing a role's rights. A refusal is a
// Chinese message naming the rights as the role form names them (permissionLabeller over sys_menu), and
// it is written to 操作日志 (action `refused`) before the answer goes out.

/** What may be done to an account, as 操作日志 and the refusals name it. */
export const ACCOUNT_ACTS = {
  resetPwd: '重置密码',
  contact: '修改手机号码或邮箱',
  roles: '修改角色',
  disable: '停用',
  enable: '启用',
  logout: '强制退出',
} as const;
export type AccountAct = keyof typeof ACCOUNT_ACTS;

/** Holds every right (超级管理员 or `*:*:*`): may act on anyone. */
const holdsAll = (u: CurrentUser) => isAdmin(u) || u.permissions.includes(ALL_PERMISSION);

/** The names of permissions as the role form shows them, read from the menu rows (sys_menu). */
export async function permissionNames(db: Db): Promise<(perm: string) => string> {
  const menus = await db
    .select({
      menuId: t.sysMenu.menuId,
      parentId: t.sysMenu.parentId,
      menuName: t.sysMenu.menuName,
      menuType: t.sysMenu.menuType,
      perms: t.sysMenu.perms,
    })
    .from(t.sysMenu);
  return permissionLabeller(menus);
}

/** The permissions an account holds through its roles, and whether it is staff (holds a role) or a customer. */
export async function heldRights(db: Db, userId: number): Promise<{ staff: boolean; perms: string[] }> {
  const list = await db
    .select({ perms: t.sysRole.perms })
    .from(t.sysUserRole)
    .innerJoin(t.sysRole, eq(t.sysRole.roleKey, t.sysUserRole.roleKey))
    .where(eq(t.sysUserRole.userId, userId));
  return { staff: list.length > 0, perms: [...new Set(list.flatMap((r) => r.perms ?? []))].sort() };
}

/** The rights in `perms` the caller does not hold (none for whom holds every right). */
export const missingRights = (u: CurrentUser, perms: readonly string[]) => (holdsAll(u) ? [] : [...new Set(perms)].filter((p) => !hasPermi(u, p)));

/** A refusal of the rule: written to 操作日志 (outside any transaction: the write it refused never happens), then thrown. */
export async function refuse(
  db: Db,
  req: FastifyRequest,
  u: CurrentUser,
  e: { resource: 'user' | 'role' | 'customer'; targetId: string | number; summary: string; attempt: string; status?: number; field?: string },
  msg: string,
): Promise<never> {
  await recordAudit(db, req, u, {
    resource: e.resource,
    action: 'refused',
    targetId: e.targetId,
    summary: `${e.attempt}：${e.summary}`,
    after: { attempt: e.attempt, result: '已拒绝', reason: msg },
  });
  throw new HttpError(e.status ?? 403, msg, e.field);
}

/**
 * The caller may do `act` to the account: a customer (no role) only with customer-management rights
 * (`system:customer:enable`/`disable` for the status switch, `system:customer:edit` for the rest); staff only when
 * the account holds no right the caller lacks. Otherwise 403 with a Chinese message, and the attempt is in 操作日志.
 */
export async function guardAccountAct(
  db: Db,
  req: FastifyRequest,
  u: CurrentUser,
  target: { userId: number; userName: string; nickName: string },
  act: AccountAct,
): Promise<void> {
  const held = await heldRights(db, target.userId);
  const what = ACCOUNT_ACTS[act];
  const entry = {
    resource: held.staff ? ('user' as const) : ('customer' as const),
    targetId: target.userId,
    summary: accountName(target),
    attempt: what,
  };
  if (!held.staff) {
    const need = act === 'enable' || act === 'disable' ? `system:customer:${act}` : 'system:customer:edit';
    if (!hasPermi(u, need)) await refuse(db, req, u, entry, `您没有客户管理权限，不能对客户账号${what}`);
    return;
  }
  const missing = missingRights(u, held.perms);
  if (missing.length)
    await refuse(db, req, u, entry, `该账号拥有您没有的权限（${permissionList(missing, await permissionNames(db))}），您不能对其${what}`);
}

/**
 * Nobody grants more than they hold (the rule role edits obey): each role newly given to a user carries only
 * permissions the caller holds. Roles the user keeps are not re-checked, so editing the name of someone with wider
 * rights still works. A refusal is a 400 on the field `roles`, in 操作日志.
 */
export async function guardRoleAssignment(
  db: Db,
  req: FastifyRequest,
  u: CurrentUser,
  target: { userId: number | null; userName: string; nickName: string },
  keys: string[],
  kept: string[] = [],
): Promise<void> {
  if (holdsAll(u)) return;
  const added = [...new Set(keys)].filter((k) => !kept.includes(k));
  if (!added.length) return;
  const list = await db.select().from(t.sysRole).where(inArray(t.sysRole.roleKey, added));
  for (const r of list) {
    const missing = missingRights(u, r.perms ?? []);
    if (missing.length)
      await refuse(
        db,
        req,
        u,
        {
          resource: 'user',
          targetId: target.userId ?? target.userName,
          summary: accountName(target),
          attempt: `分配角色“${r.roleName}”`,
          status: 400,
          field: 'roles',
        },
        `不能分配超出自己权限的角色“${r.roleName}”（缺少权限：${permissionList(missing, await permissionNames(db))}）`,
      );
  }
}

/**
 * Each role with whether the caller may give it (it carries no right the caller lacks) and, when not, the missing
 * rights by name: the user form offers only the assignable ones (`GET /system/user/roleOptions`).
 */
export async function assignableRoles(db: Db, u: CurrentUser) {
  const list = await db
    .select({ roleKey: t.sysRole.roleKey, roleName: t.sysRole.roleName, perms: t.sysRole.perms })
    .from(t.sysRole)
    .orderBy(t.sysRole.roleSort, t.sysRole.roleKey);
  const name = await permissionNames(db);
  return list.map((r) => {
    const missing = missingRights(u, r.perms ?? []);
    return { roleKey: r.roleKey, roleName: r.roleName, assignable: missing.length === 0, missing: missing.map(name) };
  });
}

/** A role change of a user as 操作日志 says it: 添加角色 A、B；移除角色 C (empty when the roles stay). */
export function roleChange(before: { keys: string[]; names: string[] }, after: { keys: string[]; names: string[] }): string {
  const nameOf = (k: string) => after.names[after.keys.indexOf(k)] ?? before.names[before.keys.indexOf(k)] ?? k;
  const added = after.keys.filter((k) => !before.keys.includes(k)).map(nameOf);
  const removed = before.keys.filter((k) => !after.keys.includes(k)).map(nameOf);
  return [added.length ? `添加角色 ${added.join('、')}` : '', removed.length ? `移除角色 ${removed.join('、')}` : ''].filter(Boolean).join('；');
}

/**
 * A role's rights change only within the caller's own: a right added to it, or removed from it, must be one the
 * caller holds (removing a right one lacks would change what others can do beyond one's own reach). A refusal is a
 * 400 on the field `perms`, in 操作日志.
 */
export async function guardRoleRights(
  db: Db,
  req: FastifyRequest,
  u: CurrentUser,
  role: { roleKey: string; roleName: string },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  if (holdsAll(u)) return;
  const added = missingRights(
    u,
    after.filter((p) => !before.includes(p)),
  );
  const removed = missingRights(
    u,
    before.filter((p) => !after.includes(p)),
  );
  if (!added.length && !removed.length) return;
  const name = await permissionNames(db);
  const msg = added.length ? `不能授予自己没有的权限：${permissionList(added, name)}` : `不能移除自己没有的权限：${permissionList(removed, name)}`;
  await refuse(
    db,
    req,
    u,
    {
      resource: 'role',
      targetId: role.roleKey,
      summary: role.roleName,
      attempt: added.length ? '授予权限' : '移除权限',
      status: 400,
      field: 'perms',
    },
    msg,
  );
}
