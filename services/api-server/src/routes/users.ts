/**
 * 用户管理: staff users, i.e. accounts holding at least one role. Create (with an initial password the
 * person must change at the first sign-in), edit, assign roles, enable/disable (a disabled account cannot sign in and
 * its sessions end), reset the password. Only a 超级管理员 manages 超级管理员 accounts or hands out that role, and
 * the last enabled 超级管理员 keeps both the role and the account. Every write lands in the audit trail.
 */
import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STALE_WRITE_MSG, SUPER_ROLE, type RoleOption, type StaffUser } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { accountName, recordAudit } from '../lib/audit.js';
import { caller, hashPassword, isAdmin, needAnyPermi, needPermi, revokeAllTokens, type CurrentUser } from '../lib/auth.js';
import { HttpError, forbidden, notFound } from '../lib/errors.js';
import {
  accountFields,
  assignableRoles,
  guardAccountAct,
  guardRoleAssignment,
  holdsRole,
  likePattern,
  randomPassword,
  roleChange,
  rolesOf,
  saveStatus,
  statusAction,
  statusRoute,
  userWhere,
} from '../lib/people.js';
import { formatDateTime } from '../lib/text.js';
import { intId, newPassword, pageParams, PHONE_RE } from '../lib/validate.js';
import { pageOf } from '../lib/paging.js';
import { claimKey, type ClaimStep } from '../lib/idempotency.js';

const OK = '操作成功';

const nickName = z.string({ error: '用户昵称不能为空' }).trim().min(1, '用户昵称不能为空').max(30, '用户昵称不能超过30个字符');
const phonenumber = z
  .string()
  .trim()
  .refine((v) => v === '' || PHONE_RE.test(v), '手机号码格式不正确')
  .optional();
const email = z
  .string()
  .trim()
  .max(50, '邮箱不能超过50个字符')
  .refine((v) => v === '' || z.regexes.email.test(v), '邮箱格式不正确')
  .optional();
const roles = z
  .array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '角色格式不正确'), { error: '请至少选择一个角色' })
  .min(1, '请至少选择一个角色')
  .max(20, '角色不能超过20个');
const remark = z.string().trim().max(500, '备注不能超过500个字符').optional();

const createBody = z.object({
  userName: z
    .string({ error: '用户名称不能为空' })
    .trim()
    .min(2, '用户名称长度必须在2到30个字符之间')
    .max(30, '用户名称长度必须在2到30个字符之间')
    .regex(/^[A-Za-z0-9_.@-]+$/, '用户名称只能包含字母、数字、下划线、点、@和短横线'),
  nickName,
  password: newPassword.optional(),
  phonenumber,
  email,
  roles,
  remark,
});
const updateBody = z.object({
  nickName,
  phonenumber,
  email,
  roles,
  remark,
  version: z.coerce.number({ error: '版本号不能为空' }).int('版本号格式不正确').min(1, '版本号格式不正确'),
});
const listQuery = pageParams.extend({
  userName: z.string().trim().max(30, '用户名称过长').optional(),
  phonenumber: z.string().trim().max(20, '手机号码过长').optional(),
  status: z.enum(['0', '1'], { error: '状态格式不正确' }).optional(),
  roleKey: z.string().trim().max(50, '角色格式不正确').optional(),
});
const idParams = z.object({ userId: intId });

type UserRow = typeof t.sysUser.$inferSelect;

export function toStaffUser(u: UserRow, held: { keys: string[]; names: string[] } | undefined): StaffUser {
  return {
    ...accountFields(u),
    roles: held?.keys ?? [],
    roleNames: held?.names ?? [],
    remark: u.remark,
    passwordInitial: u.passwordInitial,
    createTime: formatDateTime(u.createdAt),
    version: u.version,
  };
}

async function staffUser(db: Db, userId: number): Promise<StaffUser | null> {
  const [u] = await db.select().from(t.sysUser).where(userWhere(userId, true));
  if (!u) return null;
  return toStaffUser(u, (await rolesOf(db, [u.userId])).get(u.userId));
}

/** Enabled holders of 超级管理员 other than the given user. */
async function otherActiveAdmins(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.sysUserRole)
    .innerJoin(t.sysUser, eq(t.sysUser.userId, t.sysUserRole.userId))
    .where(and(eq(t.sysUserRole.roleKey, SUPER_ROLE), eq(t.sysUser.status, '0'), ne(t.sysUser.userId, userId)));
  return Number(r?.n ?? 0);
}

/** Only a 超级管理员 touches a 超级管理员 account or hands out that role. */
function guardAdminRole(u: CurrentUser, target: StaffUser | null, newRoles: string[] = []) {
  if (isAdmin(u)) return;
  if (target?.roles.includes(SUPER_ROLE) || newRoles.includes(SUPER_ROLE)) throw forbidden();
}

/** Every role key exists, or a 400 naming the roles field. */
async function checkRoles(db: Db, keys: string[]) {
  const found = await db.select({ k: t.sysRole.roleKey }).from(t.sysRole).where(inArray(t.sysRole.roleKey, keys));
  if (found.length !== new Set(keys).size) throw new HttpError(400, '角色不存在', 'roles');
}

/** The unique columns answer which field is taken (the form shows it beside that field). */
async function checkUnique(db: Db, b: { userName?: string; phonenumber?: string }, exceptId = 0) {
  if (b.userName) {
    const [o] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.userName, b.userName));
    if (o && o.id !== exceptId) throw new HttpError(400, `用户名称“${b.userName}”已存在`, 'userName');
  }
  if (b.phonenumber) {
    const [o] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.phonenumber, b.phonenumber));
    if (o && o.id !== exceptId) throw new HttpError(400, '手机号码已被其他账号使用', 'phonenumber');
  }
}

export default async function userRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/user/list', { onRequest: needPermi(db, 'system:user:list'), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const where = and(
      holdsRole,
      q.userName ? or(ilike(t.sysUser.userName, likePattern(q.userName)), ilike(t.sysUser.nickName, likePattern(q.userName))) : undefined,
      q.phonenumber ? ilike(t.sysUser.phonenumber, likePattern(q.phonenumber)) : undefined,
      q.status ? eq(t.sysUser.status, q.status) : undefined,
      q.roleKey ? sql`EXISTS (SELECT 1 FROM sys_user_role r WHERE r.user_id = ${t.sysUser.userId} AND r.role_key = ${q.roleKey})` : undefined,
    );
    const { total, rows: list } = await pageOf(db, t.sysUser, where, [desc(t.sysUser.userId)], q);
    const held = await rolesOf(
      db,
      list.map((u) => u.userId),
    );
    return { code: 200, msg: '查询成功', total, rows: list.map((u) => toStaffUser(u, held.get(u.userId))) };
  });

  /**
   * Every role (the user form's choices), for whoever manages users, each saying whether the caller may give it
   * (`assignable`: it carries no right the caller lacks) and, when not, which rights by name (`missing`; docs/decisions/0015).
   */
  app.get('/system/user/roleOptions', { onRequest: needAnyPermi(db, ['system:user:add', 'system:user:edit']) }, async (req) => {
    const data: RoleOption[] = await assignableRoles(db, caller(req));
    return { code: 200, msg: OK, data };
  });

  app.get('/system/user/:userId', { onRequest: needPermi(db, 'system:user:get'), schema: { params: idParams } }, async (req) => {
    const user = await staffUser(db, req.params.userId);
    if (!user) throw notFound('用户不存在');
    return { code: 200, msg: OK, data: user };
  });

  app.post('/system/user', { onRequest: needPermi(db, 'system:user:add'), schema: { body: createBody } }, async (req) => {
    const u = caller(req);
    const b = req.body;
    guardAdminRole(u, null, b.roles);
    await checkRoles(db, b.roles);
    await guardRoleAssignment(db, req, u, { userId: null, userName: b.userName, nickName: b.nickName }, b.roles);
    await checkUnique(db, b);
    const password = b.password ?? randomPassword();
    const hash = await hashPassword(password, ctx.config.passwordHashRounds);
    const userId = await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const [row] = await tx
        .insert(t.sysUser)
        .values({
          userName: b.userName,
          nickName: b.nickName,
          password: hash,
          passwordInitial: true,
          phonenumber: b.phonenumber || null,
          email: b.email ?? '',
          remark: b.remark ?? '',
        })
        .returning();
      await tx.insert(t.sysUserRole).values([...new Set(b.roles)].map((roleKey) => ({ userId: row.userId, roleKey })));
      const after = toStaffUser(row, (await rolesOf(tx, [row.userId])).get(row.userId));
      const roles = roleChange({ keys: [], names: [] }, { keys: after.roles, names: after.roleNames });
      await recordAudit(tx, req, u, {
        resource: 'user',
        action: 'add',
        targetId: row.userId,
        summary: `${accountName(row)}：${roles}`,
        after,
      });
      return row.userId;
    });
    return { code: 200, msg: OK, data: { userId, password } };
  });

  app.put('/system/user/:userId', { onRequest: needPermi(db, 'system:user:edit'), schema: { params: idParams, body: updateBody } }, async (req) => {
    const u = caller(req);
    const b = req.body;
    const id = req.params.userId;
    const before = await staffUser(db, id);
    if (!before) throw notFound('用户不存在');
    guardAdminRole(u, before, b.roles);
    await checkRoles(db, b.roles);
    await guardRoleAssignment(db, req, u, before, b.roles, before.roles);
    // A new phone number or e-mail lets whoever set it take the account over (SMS sign-in): not of a wider account.
    const contactChanged =
      (b.phonenumber !== undefined && (b.phonenumber || '') !== before.phonenumber) || (b.email !== undefined && b.email !== before.email);
    if (contactChanged) await guardAccountAct(db, req, u, before, 'contact');
    // Nor its roles: taking a wider account's roles away would bring it within reach of the rest (then its password).
    const keys = new Set(b.roles);
    if (keys.size !== before.roles.length || before.roles.some((k) => !keys.has(k))) await guardAccountAct(db, req, u, before, 'roles');
    if (before.roles.includes(SUPER_ROLE) && !b.roles.includes(SUPER_ROLE) && !(await otherActiveAdmins(db, id))) {
      throw new HttpError(400, '至少保留一个启用的超级管理员', 'roles');
    }
    await checkUnique(db, { phonenumber: b.phonenumber }, id);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const [row] = await tx
        .update(t.sysUser)
        .set({
          nickName: b.nickName,
          ...(b.phonenumber !== undefined ? { phonenumber: b.phonenumber || null } : {}),
          ...(b.email !== undefined ? { email: b.email } : {}),
          ...(b.remark !== undefined ? { remark: b.remark } : {}),
          version: sql`${t.sysUser.version} + 1`,
        })
        .where(and(eq(t.sysUser.userId, id), eq(t.sysUser.version, b.version)))
        .returning();
      if (!row) throw new HttpError(409, STALE_WRITE_MSG);
      await tx.delete(t.sysUserRole).where(eq(t.sysUserRole.userId, id));
      await tx.insert(t.sysUserRole).values([...new Set(b.roles)].map((roleKey) => ({ userId: id, roleKey })));
      const after = toStaffUser(row, (await rolesOf(tx, [id])).get(id));
      const roles = roleChange({ keys: before.roles, names: before.roleNames }, { keys: after.roles, names: after.roleNames });
      const summary = `${accountName(row)}${roles ? `：${roles}` : ''}`;
      await recordAudit(tx, req, u, { resource: 'user', action: 'edit', targetId: id, summary, before, after });
    });
    return { code: 200, msg: OK };
  });

  app.put('/system/user/:userId/status', statusRoute(db, 'system:user'), async (req) => {
    const u = caller(req);
    const id = req.params.userId;
    const { status } = req.body;
    if (status === '1' && id === u.userId) throw new HttpError(400, '不能停用当前登录的账号', 'status');
    const before = await staffUser(db, id);
    if (!before) throw notFound('用户不存在');
    await setStatus(db, req, (tx) => claimKey(tx, req), u, before, status);
    return { code: 200, msg: OK };
  });

  /**
   * Sets a password (given, or a random one answered once), marked initial; the user's sessions end. The RuoYi
   * call (`customers`) also resets a customer's password, as it always did.
   */
  async function resetPassword(req: FastifyRequest, claim: ClaimStep, userId: number, given: string | undefined, customers = false) {
    const u = caller(req);
    const staff = await staffUser(db, userId);
    const [plain] = staff || !customers ? [] : await db.select().from(t.sysUser).where(userWhere(userId, false));
    if (!staff && !plain) throw notFound('用户不存在');
    await guardAccountAct(db, req, u, (staff ?? plain)!, 'resetPwd');
    guardAdminRole(u, staff);
    const password = given ?? randomPassword();
    const hash = await hashPassword(password, ctx.config.passwordHashRounds);
    await db.transaction(async (tx) => {
      await claim(tx);
      const [row] = await tx
        .update(t.sysUser)
        .set({ password: hash, passwordInitial: true, version: sql`${t.sysUser.version} + 1` })
        .where(eq(t.sysUser.userId, userId))
        .returning();
      await revokeAllTokens(tx, userId);
      await recordAudit(tx, req, u, {
        resource: staff ? 'user' : 'customer',
        action: 'resetPwd',
        targetId: userId,
        summary: accountName(row),
        before: { passwordInitial: (staff ?? plain)!.passwordInitial },
        after: { passwordInitial: true },
      });
    });
    return password;
  }

  app.put(
    '/system/user/:userId/resetPwd',
    { onRequest: needPermi(db, 'system:user:edit'), schema: { params: idParams, body: z.object({ password: newPassword.optional() }) } },
    async (req) => {
      const password = await resetPassword(req, (tx) => claimKey(tx, req), req.params.userId, req.body.password);
      return { code: 200, msg: OK, data: { userId: req.params.userId, password } };
    },
  );

  // RuoYi's PUT /system/user/resetPwd {userId, password}: the same reset for RuoYi front ends.
  app.put(
    '/system/user/resetPwd',
    { onRequest: needPermi(db, 'system:user:edit'), schema: { body: z.object({ userId: intId, password: newPassword }) } },
    async (req) => {
      await resetPassword(req, (tx) => claimKey(tx, req), req.body.userId, req.body.password, true);
      return { code: 200, msg: OK };
    },
  );

  async function setStatus(database: Db, req: FastifyRequest, claim: ClaimStep, u: CurrentUser, before: StaffUser, status: '0' | '1') {
    const action = statusAction(u, 'system:user', status);
    await guardAccountAct(database, req, u, before, action);
    guardAdminRole(u, before);
    if (status === '1' && before.roles.includes(SUPER_ROLE) && !(await otherActiveAdmins(database, before.userId))) {
      throw new HttpError(400, '至少保留一个启用的超级管理员', 'status');
    }
    await database.transaction(async (tx) => {
      await claim(tx);
      await saveStatus(tx, req, u, {
        resource: 'user',
        action,
        before,
        status,
        after: (row) => toStaffUser(row, { keys: before.roles, names: before.roleNames }),
      });
    });
  }
}
