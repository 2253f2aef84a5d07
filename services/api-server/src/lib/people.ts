/**
 * What users.ts, customers.ts and roles.ts share: the role holdings of a page of users, staff vs customer
 * filters, the initial password an administrator hands out, and the account status switch.
 */
import crypto from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { RESET_PASSWORD_LENGTH, ROLE_LABELS, type AccountFields } from '@site/contract';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { hasPermi, needAnyPermi, type CurrentUser } from './auth.js';
import { forbidden } from './errors.js';
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
