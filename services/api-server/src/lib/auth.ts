import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { sysConfig, sysRole, sysToken, sysUser, sysUserRole } from '../db/schema.js';
import { ACCOUNT_DISABLED_MSG, ACTION_NAMES, ALL_PERMISSION, SUPER_ROLE, type UserInfo } from '@site/contract';
import { forbidden, HttpError, unauthorized } from './errors.js';

export const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
/** The bcrypt cost of every password hash a server makes (ServerOptions.passwordHashRounds is for test harnesses only). */
export const BCRYPT_ROUNDS = 10;

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const hashPassword = (p: string, rounds: number) => bcrypt.hash(p, rounds);
export const checkPassword = (p: string, hash: string) => bcrypt.compare(p, hash);
/**
 * A bcrypt hash of nothing in particular, at the server's cost, compared against when the user does not exist (same
 * timing as a real account's compare).
 */
const dummyHashes = new Map<number, Promise<string>>();
export async function dummyCompare(p: string, rounds: number) {
  let hash = dummyHashes.get(rounds);
  if (!hash) dummyHashes.set(rounds, (hash = bcrypt.hash('not-a-password', rounds)));
  await bcrypt.compare(p, await hash);
}

export async function issueToken(db: Db, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('hex');
  await db.insert(sysToken).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + TOKEN_TTL_MS) });
  return token;
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db
    .update(sysToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysToken.tokenHash, sha256(token)), isNull(sysToken.revokedAt)));
}

/** Ends the user's sessions (all of them, or all but the one whose token is kept). */
export async function revokeAllTokens(db: Db, userId: number, keepToken?: string): Promise<void> {
  await db
    .update(sysToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysToken.userId, userId), isNull(sysToken.revokedAt), keepToken ? ne(sysToken.tokenHash, sha256(keepToken)) : undefined));
}

/** The signed-in user of a request: the contract's UserInfo plus what the server needs to authorise. */
export interface CurrentUser extends UserInfo {
  roles: string[];
  permissions: string[];
  token: string;
  /** The password was set by the bootstrap or reset by an administrator and must be changed first (initPasswordModify). */
  passwordInitial: boolean;
}

/** The account part of a signed-in user, as getInfo and the sign-in answer carry it (no roles, token or perms). */
export function userInfo(u: UserInfo): UserInfo {
  return {
    userId: u.userId,
    userName: u.userName,
    nickName: u.nickName,
    avatar: u.avatar,
    customerId: u.customerId,
    deptId: u.deptId,
    postIds: u.postIds,
    phonenumber: u.phonenumber,
    email: u.email,
  };
}

/** Bearer token of the request (Authorization header only; cookies are not accepted, so no CSRF). */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([0-9a-fA-F]{64})\s*$/.exec(h);
  return m ? m[1].toLowerCase() : null;
}

export async function loadUserByToken(db: Db, token: string): Promise<CurrentUser | null> {
  const found = await db
    .select({ user: sysUser })
    .from(sysToken)
    .innerJoin(sysUser, eq(sysUser.userId, sysToken.userId))
    .where(and(eq(sysToken.tokenHash, sha256(token)), isNull(sysToken.revokedAt), gt(sysToken.expiresAt, sql`now()`)))
    .limit(1);
  const u = found[0]?.user;
  if (!u || u.status !== '0') return null;
  const roleRows = await db
    .select({ roleKey: sysRole.roleKey, perms: sysRole.perms })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleKey, sysUserRole.roleKey))
    .where(eq(sysUserRole.userId, u.userId));
  const roles = roleRows.map((r) => r.roleKey).sort();
  const perms = new Set<string>();
  for (const r of roleRows) for (const p of r.perms ?? []) perms.add(p);
  const permissions = perms.has(ALL_PERMISSION) ? [ALL_PERMISSION] : [...perms].sort();
  return {
    ...userInfo({ ...u, postIds: u.postIds ?? [], phonenumber: u.phonenumber ?? '' }),
    roles,
    permissions,
    token,
    passwordInitial: u.passwordInitial && (await initPasswordModify(db)),
  };
}

/** RuoYi's sys.account.initPasswordModify: '1' (the seed's value) makes an initial password a must-change. */
async function initPasswordModify(db: Db): Promise<boolean> {
  const [row] = await db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, 'sys.account.initPasswordModify'));
  return row?.v === '1';
}

export const INITIAL_PASSWORD_MSG = '请先修改初始密码';

/**
 * The token was issued (and has not run out) to an account that is now disabled (its sessions were ended then): its
 * 401 says ACCOUNT_DISABLED_MSG (still 401, the session is over), not the plain one.
 */
async function disabledOwner(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ status: sysUser.status })
    .from(sysToken)
    .innerJoin(sysUser, eq(sysUser.userId, sysToken.userId))
    .where(and(eq(sysToken.tokenHash, sha256(token)), gt(sysToken.expiresAt, sql`now()`)))
    .limit(1);
  return row?.status === '1';
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
}

/**
 * The signed-in user, or 401. A user whose password is initial gets 403 请先修改初始密码 everywhere except the calls
 * that let them change it (getInfo, getRouters, profile, updatePwd: `allowInitialPassword`).
 */
export async function requireUser(db: Db, req: FastifyRequest, opts: { allowInitialPassword?: boolean } = {}): Promise<CurrentUser> {
  let user = req.currentUser;
  if (!user) {
    const token = bearer(req);
    if (!token) throw unauthorized();
    const loaded = await loadUserByToken(db, token);
    if (!loaded) throw (await disabledOwner(db, token)) ? new HttpError(401, ACCOUNT_DISABLED_MSG) : unauthorized();
    req.currentUser = user = loaded;
  }
  if (user.passwordInitial && !opts.allowInitialPassword) throw new HttpError(403, INITIAL_PASSWORD_MSG);
  return user;
}

export const isAdmin = (u: CurrentUser) => u.roles.includes(SUPER_ROLE);
/** Staff hold at least one role; customers who registered on the site hold none (getInfo shows ROLE_DEFAULT). */
export const isStaff = (u: Pick<CurrentUser, 'roles'>) => u.roles.length > 0;
export const hasPermi = (u: CurrentUser, perm: string) => isAdmin(u) || u.permissions.includes(ALL_PERMISSION) || u.permissions.includes(perm);

export async function requirePermi(db: Db, req: FastifyRequest, perm: string): Promise<CurrentUser> {
  const u = await requireUser(db, req);
  if (!hasPermi(u, perm)) throw forbidden();
  return u;
}

export async function requireAdmin(db: Db, req: FastifyRequest): Promise<CurrentUser> {
  const u = await requireUser(db, req);
  if (!isAdmin(u)) throw forbidden();
  return u;
}

/**
 * Route hooks (`onRequest`) that check the caller before the request is even parsed or validated, so an outsider
 * gets 401/403 whatever they send; the handler then reads the caller with `caller(req)`.
 */
export const needUser =
  (db: Db, opts: { allowInitialPassword?: boolean } = {}) =>
  async (req: FastifyRequest) =>
    void (await requireUser(db, req, opts));
export const needPermi = (db: Db, perm: string) => async (req: FastifyRequest) => void (await requirePermi(db, req, perm));
export function caller(req: FastifyRequest): CurrentUser {
  if (!req.currentUser) throw unauthorized();
  return req.currentUser;
}

/** `system:notice:list` -> {permissionId: 'system:notice', actionList: ['list']} (grouped). */
export function groupPermissions(perms: string[]) {
  const map = new Map<string, Set<string>>();
  for (const p of perms) {
    const i = p.lastIndexOf(':');
    const id = i > 0 ? p.slice(0, i) : p;
    const action = i > 0 ? p.slice(i + 1) : '*';
    if (!map.has(id)) map.set(id, new Set());
    map.get(id)!.add(action);
  }
  return [...map.entries()].map(([permissionId, actions]) => ({
    permissionId,
    // the wildcard grants every action name
    actionList: actions.has('*') ? ['*', ...ACTION_NAMES] : [...actions],
  }));
}

/** onRequest hook: the caller holds at least one of the permissions (a route whose body picks the action). */
export const needAnyPermi = (db: Db, perms: string[]) => async (req: FastifyRequest) => {
  const u = await requireUser(db, req);
  if (!perms.some((p) => hasPermi(u, p))) throw forbidden();
};
