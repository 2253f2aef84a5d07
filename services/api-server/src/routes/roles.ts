/**
 * 角色管理: a role is its menus (what the shell shows) and its permissions per page and action name
 * (`<module>:<resource>:<action>`, SPEC 6). The built-in 超级管理员 keeps `*:*:*` and every menu and cannot be
 * deleted. Someone who is not a 超级管理员 grants only permissions they hold themselves. Every write is audited.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACTION_NAMES, ALL_PERMISSION, DEFAULT_ROLE, STALE_WRITE_MSG, SUPER_ROLE, type SysMenuNode, type SysRole } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { recordAudit, recordDeletes } from '../lib/audit.js';
import { caller, needAnyPermi, needPermi } from '../lib/auth.js';
import { HttpError, notFound } from '../lib/errors.js';
import { guardRoleRights, likePattern } from '../lib/people.js';
import { formatDateTime } from '../lib/text.js';
import { pageParams } from '../lib/validate.js';
import { pageOf } from '../lib/paging.js';
import { countBy } from '../lib/rows.js';
import { claimKey } from '../lib/idempotency.js';

const OK = '操作成功';
/** The form of a permission string; a newly granted one must also use the page's `list` or a spec action name. */
const PERM_RE = /^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*:[A-Za-z*-]+$/;
const GRANTABLE_RE = new RegExp(`:(list|${ACTION_NAMES.join('|')})$`);

const roleName = z.string({ error: '角色名称不能为空' }).trim().min(1, '角色名称不能为空').max(30, '角色名称不能超过30个字符');
const menuIds = z
  .array(z.number({ error: '菜单格式不正确' }).int('菜单格式不正确').min(1, '菜单格式不正确'), { error: '菜单格式不正确' })
  .max(500, '菜单过多')
  .default([]);
const perms = z.array(z.string().regex(PERM_RE, '权限标识格式不正确'), { error: '权限格式不正确' }).max(1000, '权限过多').default([]);
const common = {
  roleName,
  menuIds,
  perms,
  remark: z.string().trim().max(500, '备注不能超过500个字符').optional(),
  roleSort: z.coerce
    .number({ error: '显示顺序格式不正确' })
    .int('显示顺序格式不正确')
    .min(0, '显示顺序不能小于0')
    .max(9999, '显示顺序不能超过9999')
    .optional(),
};
const roleKey = z
  .string({ error: '权限字符不能为空' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,29}$/, '权限字符只能包含小写字母、数字和下划线，以字母开头，2到30个字符');
const createBody = z.object({ roleKey, ...common });
const updateBody = z.object({
  ...common,
  version: z.coerce.number({ error: '版本号不能为空' }).int('版本号格式不正确').min(1, '版本号格式不正确'),
});
const keyParams = z.object({ roleKey: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '角色格式不正确') });
const keyListParams = z.object({
  roleKeys: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}(,[A-Za-z][A-Za-z0-9_]{0,49}){0,99}$/, '角色格式不正确')
    .transform((s) => [...new Set(s.split(','))]),
});
const listQuery = pageParams.extend({ roleName: z.string().trim().max(30, '角色名称过长').optional() });

async function toRoles(db: Db, list: (typeof t.sysRole.$inferSelect)[]): Promise<SysRole[]> {
  const keys = list.map((r) => r.roleKey);
  const links = keys.length ? await db.select().from(t.sysRoleMenu).where(inArray(t.sysRoleMenu.roleKey, keys)) : [];
  const counts = keys.length ? await countBy(db, t.sysUserRole.roleKey, inArray(t.sysUserRole.roleKey, keys)) : new Map<string, number>();
  return list.map((r) => ({
    roleKey: r.roleKey,
    roleName: r.roleName,
    perms: r.perms ?? [],
    menuIds: links
      .filter((l) => l.roleKey === r.roleKey)
      .map((l) => l.menuId)
      .sort((a, b) => a - b),
    remark: r.remark,
    roleSort: r.roleSort,
    builtIn: r.roleKey === SUPER_ROLE,
    userCount: counts.get(r.roleKey) ?? 0,
    createTime: formatDateTime(r.createdAt),
    version: r.version,
  }));
}

async function oneRole(db: Db, key: string): Promise<SysRole | null> {
  const [r] = await db.select().from(t.sysRole).where(eq(t.sysRole.roleKey, key));
  return r ? (await toRoles(db, [r]))[0] : null;
}

/**
 * The menus as given plus their parents; the permissions as given plus each chosen menu's (a page's list permission,
 * an action's own). An action asked for by its permission alone (a role form of an older release ticks actions as
 * permissions) brings its menu row and page along, so the role's tree and rights stay one. Unknown menus or
 * permissions are a 400. Whether the caller may grant (or remove) them is guardRoleRights' (lib/people.ts).
 */
async function normalise(db: Db, ids: number[], asked: string[], held: string[] = []): Promise<{ menuIds: number[]; perms: string[] }> {
  const all = await db.select().from(t.sysMenu);
  const byId = new Map(all.map((m) => [m.menuId, m]));
  const chosen = new Set<number>();
  const choose = (id: number) => {
    for (let m = byId.get(id); m && !chosen.has(m.menuId); m = byId.get(m.parentId)) chosen.add(m.menuId);
  };
  for (const id of ids) {
    if (!byId.has(id)) throw new HttpError(400, '菜单不存在', 'menuIds');
    choose(id);
  }
  const actionMenu = new Map(all.filter((m) => m.menuType === 'F' && m.perms).map((m) => [m.perms!, m.menuId]));
  for (const p of asked) {
    const id = actionMenu.get(p);
    if (id !== undefined) choose(id);
  }
  const resources = new Set(all.filter((m) => m.perms).map((m) => m.perms!.slice(0, m.perms!.lastIndexOf(':'))));
  const out = new Set(asked);
  for (const id of chosen) {
    const p = byId.get(id)!.perms;
    if (p) out.add(p);
  }
  for (const p of out) {
    if (held.includes(p)) continue; // kept as it was (another module's right, e.g. added by its own migration)
    if (!actionMenu.has(p) && !GRANTABLE_RE.test(p)) throw new HttpError(400, `权限标识“${p}”不存在`, 'perms');
    if (!resources.has(p.slice(0, p.lastIndexOf(':')))) throw new HttpError(400, `权限标识“${p}”不存在`, 'perms');
  }
  return { menuIds: [...chosen].sort((a, b) => a - b), perms: [...out].sort() };
}

export default async function roleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/role/list', { onRequest: needPermi(db, 'system:role:list'), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const where = q.roleName ? or(ilike(t.sysRole.roleName, likePattern(q.roleName)), ilike(t.sysRole.roleKey, likePattern(q.roleName))) : undefined;
    const { total, rows: list } = await pageOf(db, t.sysRole, where, [asc(t.sysRole.roleSort), asc(t.sysRole.createdAt), asc(t.sysRole.roleKey)], q);
    return { code: 200, msg: '查询成功', total, rows: await toRoles(db, list) };
  });

  /** Every menu (the role form's tree of pages and their actions). */
  app.get('/system/role/menus', { onRequest: needAnyPermi(db, ['system:role:get', 'system:role:add', 'system:role:edit']) }, async () => {
    const list = await db.select().from(t.sysMenu).orderBy(asc(t.sysMenu.parentId), asc(t.sysMenu.orderNum), asc(t.sysMenu.menuId));
    const data: SysMenuNode[] = list.map((m) => ({
      menuId: m.menuId,
      parentId: m.parentId,
      menuName: m.menuName,
      menuType: m.isFrame ? 'L' : m.menuType,
      perms: m.perms,
      orderNum: m.orderNum,
    }));
    return { code: 200, msg: OK, data };
  });

  app.get('/system/role/:roleKey', { onRequest: needPermi(db, 'system:role:get'), schema: { params: keyParams } }, async (req) => {
    const role = await oneRole(db, req.params.roleKey);
    if (!role) throw notFound('角色不存在');
    return { code: 200, msg: OK, data: role };
  });

  app.post('/system/role', { onRequest: needPermi(db, 'system:role:add'), schema: { body: createBody } }, async (req) => {
    const u = caller(req);
    const b = req.body;
    if (b.roleKey === SUPER_ROLE || b.roleKey.toUpperCase() === DEFAULT_ROLE) throw new HttpError(400, '该权限字符为系统保留', 'roleKey');
    if (await oneRole(db, b.roleKey)) throw new HttpError(400, `权限字符“${b.roleKey}”已存在`, 'roleKey');
    const [sameName] = await db.select({ k: t.sysRole.roleKey }).from(t.sysRole).where(eq(t.sysRole.roleName, b.roleName));
    if (sameName) throw new HttpError(400, `角色名称“${b.roleName}”已存在`, 'roleName');
    const n = await normalise(db, b.menuIds, b.perms);
    await guardRoleRights(db, req, u, b, [], n.perms);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await tx
        .insert(t.sysRole)
        .values({ roleKey: b.roleKey, roleName: b.roleName, perms: n.perms, remark: b.remark ?? '', roleSort: b.roleSort ?? 0 });
      if (n.menuIds.length) await tx.insert(t.sysRoleMenu).values(n.menuIds.map((menuId) => ({ roleKey: b.roleKey, menuId })));
      const after = await oneRole(tx, b.roleKey);
      await recordAudit(tx, req, u, { resource: 'role', action: 'add', targetId: b.roleKey, summary: b.roleName, after });
    });
    return { code: 200, msg: OK, data: { roleKey: b.roleKey } };
  });

  app.put('/system/role/:roleKey', { onRequest: needPermi(db, 'system:role:edit'), schema: { params: keyParams, body: updateBody } }, async (req) => {
    const u = caller(req);
    const b = req.body;
    const key = req.params.roleKey;
    const before = await oneRole(db, key);
    if (!before) throw notFound('角色不存在');
    const [sameName] = await db
      .select({ k: t.sysRole.roleKey })
      .from(t.sysRole)
      .where(and(eq(t.sysRole.roleName, b.roleName), sql`${t.sysRole.roleKey} <> ${key}`));
    if (sameName) throw new HttpError(400, `角色名称“${b.roleName}”已存在`, 'roleName');
    // 超级管理员 keeps everything: its name and remark change, its rights do not.
    if (before.builtIn && !b.perms.includes(ALL_PERMISSION)) throw new HttpError(400, '超级管理员拥有全部权限，不能修改其权限', 'perms');
    const n = before.builtIn ? null : await normalise(db, b.menuIds, b.perms, before.perms);
    if (n) await guardRoleRights(db, req, u, before, before.perms, n.perms);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const [row] = await tx
        .update(t.sysRole)
        .set({
          roleName: b.roleName,
          ...(n ? { perms: n.perms } : {}),
          ...(b.remark !== undefined ? { remark: b.remark } : {}),
          ...(b.roleSort !== undefined ? { roleSort: b.roleSort } : {}),
          version: sql`${t.sysRole.version} + 1`,
        })
        .where(and(eq(t.sysRole.roleKey, key), eq(t.sysRole.version, b.version)))
        .returning();
      if (!row) throw new HttpError(409, STALE_WRITE_MSG);
      if (n) {
        await tx.delete(t.sysRoleMenu).where(eq(t.sysRoleMenu.roleKey, key));
        if (n.menuIds.length) await tx.insert(t.sysRoleMenu).values(n.menuIds.map((menuId) => ({ roleKey: key, menuId })));
      }
      const after = await oneRole(tx, key);
      await recordAudit(tx, req, u, { resource: 'role', action: 'edit', targetId: key, summary: b.roleName, before, after });
    });
    return { code: 200, msg: OK };
  });

  app.delete('/system/role/:roleKeys', { onRequest: needPermi(db, 'system:role:delete'), schema: { params: keyListParams } }, async (req) => {
    const u = caller(req);
    const keys = req.params.roleKeys;
    if (keys.includes(SUPER_ROLE)) throw new HttpError(400, '超级管理员角色不能删除');
    const gone = await toRoles(db, await db.select().from(t.sysRole).where(inArray(t.sysRole.roleKey, keys)));
    const held = gone.find((r) => r.userCount > 0);
    if (held) throw new HttpError(400, `角色“${held.roleName}”已分配给${held.userCount}个用户，不能删除`);
    if (!gone.length) return { code: 200, msg: OK };
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await tx.delete(t.sysRoleMenu).where(inArray(t.sysRoleMenu.roleKey, keys));
      // Assigned in the meantime: the foreign key of sys_user_role refuses and the whole delete is undone.
      await tx.delete(t.sysRole).where(inArray(t.sysRole.roleKey, keys));
      await recordDeletes(tx, req, u, 'role', gone, { id: (r) => r.roleKey, name: (r) => r.roleName });
    });
    return { code: 200, msg: OK };
  });
}
