/**
 * Accounts at start-up (inside the init lock, after the content seed).
 * - SITE_TEST_ACCOUNTS=1 (test harnesses only): the documented test accounts (admin/admin123, editor/editor123,
 *   three customers) are created when missing, with passwords that are not initial. Existing rows are left alone.
 * - Otherwise, on a database with no staff yet (no user holds a role): only the administrator `admin` is created,
 *   with SITE_ADMIN_PASSWORD or a random password printed once, marked initial (it must be changed first). No
 *   editor is created: the administrator creates further staff. A database that has staff gets no account and no
 *   password reset; only an account still holding its published test password is marked initial (markDemoPasswords).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { checkPassword, hashPassword } from '../lib/auth.js';
import * as content from './content.js';

export interface AccountOptions {
  testAccounts: boolean;
  /** SITE_ADMIN_PASSWORD: the first administrator's password instead of a random one. */
  adminPassword?: string;
  /** The bcrypt cost of the passwords created (ServerConfig.passwordHashRounds). */
  passwordHashRounds: number;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const randomPassword = (length = 18) => Array.from({ length }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');

type SeedUser = (typeof content.testUsers)[number];

async function insertUser(
  db: Db,
  u: SeedUser,
  password: string | null,
  extra: { passwordInitial: boolean; phone: string | null; rounds: number },
): Promise<number> {
  const customerName = u.customerIndex === null ? null : content.customers[u.customerIndex].name;
  const [c] = customerName ? await db.select({ id: t.customer.id }).from(t.customer).where(eq(t.customer.name, customerName)).limit(1) : [];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.sysUser)
      .values({
        userName: u.userName,
        nickName: u.nickName,
        password: password ? await hashPassword(password, extra.rounds) : null,
        phonenumber: extra.phone,
        email: u.email,
        avatar: '/files/images/avatar-default.svg',
        customerId: c?.id ?? null,
        deptId: u.deptId,
        postIds: u.postIds,
        passwordInitial: extra.passwordInitial,
      })
      .returning({ id: t.sysUser.userId });
    for (const r of u.roles) await tx.insert(t.sysUserRole).values({ userId: row.id, roleKey: r });
    return row.id;
  });
}

/** A new test customer's own messages and the staff's answers (content.testCustomerMessages). */
async function insertCustomerMessages(db: Db, u: SeedUser, userId: number): Promise<void> {
  const day = 86_400_000;
  const now = Date.now();
  const rows = content.testCustomerMessages.filter((m) => m.userName === u.userName);
  if (rows.length === 0) return;
  await db.insert(t.messageBoard).values(
    rows.map((m) => ({
      userId,
      title: m.title,
      text: m.text,
      nickname: u.nickName,
      phone: u.phone,
      createdAt: new Date(now - m.daysAgo * day),
      status: m.reply ? '1' : '0',
      reply: m.reply,
      repliedBy: m.repliedBy,
      repliedAt: m.repliedDaysAgo === null ? null : new Date(now - m.repliedDaysAgo * day),
    })),
  );
}

export async function ensureAccounts(db: Db, opts: AccountOptions, print: (line: string) => void): Promise<void> {
  if (opts.testAccounts) {
    for (const u of content.testUsers) {
      const [exists] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.userName, u.userName)).limit(1);
      if (!exists)
        await insertCustomerMessages(
          db,
          u,
          await insertUser(db, u, u.password, { passwordInitial: false, phone: u.phone, rounds: opts.passwordHashRounds }),
        );
    }
    return;
  }
  const [staff] = await db.select({ id: t.sysUserRole.userId }).from(t.sysUserRole).limit(1);
  if (staff) return markDemoPasswords(db, print);
  const admin = content.testUsers.find((u) => (u.roles as string[]).includes('admin'))!;
  const [taken] = await db.select({ id: t.sysUser.userId }).from(t.sysUser).where(eq(t.sysUser.userName, admin.userName)).limit(1);
  if (taken)
    throw new Error(
      `[setup] 用户名 ${admin.userName} 已被非管理员账号占用，无法创建管理员 / user name "${admin.userName}" is taken by an account without a role: cannot create the administrator`,
    );
  const given = opts.adminPassword;
  if (given !== undefined && (given.length < 6 || given.length > 64)) {
    throw new Error('[setup] SITE_ADMIN_PASSWORD 长度必须在6到64个字符之间 / SITE_ADMIN_PASSWORD must be 6 to 64 characters long');
  }
  const password = given ?? randomPassword();
  await insertUser(db, admin, password, { passwordInitial: true, phone: null, rounds: opts.passwordHashRounds });
  print(
    given !== undefined
      ? `[setup] 管理员账号 ${admin.userName} 已创建，密码为 SITE_ADMIN_PASSWORD 的值（首次登录后须修改） / administrator account "${admin.userName}" created with the password in SITE_ADMIN_PASSWORD (to be changed at the first sign-in)`
      : `[setup] 管理员账号 ${admin.userName} 的初始密码: ${password} （首次登录后须修改） / initial password of the administrator account "${admin.userName}", shown only now (to be changed at the first sign-in)`,
  );
}

/**
 * A database made before the switches existed (or by a test harness) may still hold the published test passwords:
 * without SITE_TEST_ACCOUNTS those accounts must change them at the next sign-in. Nothing is reset.
 */
async function markDemoPasswords(db: Db, print: (line: string) => void) {
  for (const u of content.testUsers) {
    if (!u.password) continue;
    const [row] = await db
      .select({ id: t.sysUser.userId, password: t.sysUser.password, initial: t.sysUser.passwordInitial })
      .from(t.sysUser)
      .where(eq(t.sysUser.userName, u.userName))
      .limit(1);
    if (!row?.password || row.initial || !(await checkPassword(u.password, row.password))) continue;
    await db.update(t.sysUser).set({ passwordInitial: true }).where(eq(t.sysUser.userId, row.id));
    print(
      `[setup] 账号 ${u.userName} 仍在使用公开的测试密码，已要求登录后先修改 / account "${u.userName}" still has its published test password: it must be changed at the next sign-in`,
    );
  }
}
