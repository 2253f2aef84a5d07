/**
 * 登录日志 (RuoYi's sys_logininfor): each sign-in attempt with the name given, the address, the browser,
 * the way in (登录方式) and what the person was told. Written outside the attempt's own work, so a failure to write it never changes the
 * answer of a sign-in.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { LoginLogEntry, LoginMethod } from '@site/contract';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { formatDateTime } from './text.js';

// Hand-written: the log shows the browser's family, major version and system only, which needs no parser library.
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** `Chrome 120 / Windows`; `未知` for what it does not recognise. */
export function browserOf(ua: string | undefined): string {
  if (!ua) return '未知';
  const b = BROWSERS.find(([re]) => re.test(ua));
  const sys = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const name = b ? `${b[1]} ${b[0].exec(ua)![1]}` : '未知';
  return sys ? `${name} / ${sys}` : name;
}

/** How a refused sign-in whose name matches no account is logged: never the text as typed. */
export const UNKNOWN_USER = '未知用户';

/** An address past its refused sign-ins (rateLimits.loginFailures): 429 with this, and no 登录日志 row. */
export const loginFailuresMessage = (seconds: number) => `登录失败次数过多，请在 ${Math.max(1, Math.ceil(seconds / 60))} 分钟后重试`;

/** The name given to a sign-in is an account's: its user name (password sign-in) or phone number (SMS sign-in). */
export async function accountNamed(db: Db, given: { userName: string } | { phone: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: t.sysUser.userId })
    .from(t.sysUser)
    .where('userName' in given ? eq(t.sysUser.userName, given.userName) : eq(t.sysUser.phonenumber, given.phone))
    .limit(1);
  return !!row;
}

export async function recordLogin(
  db: Db,
  req: FastifyRequest,
  attempt: { userName: string; ok: boolean; msg: string; method: LoginMethod },
): Promise<void> {
  const { userName, ok, msg, method } = attempt;
  const ua = req.headers['user-agent'];
  try {
    await db.insert(t.loginLog).values({
      userName: userName.slice(0, 64),
      ip: req.ip,
      browser: browserOf(ua).slice(0, 100),
      userAgent: (ua ?? '').slice(0, 500),
      status: ok ? '0' : '1',
      msg: msg.slice(0, 200),
      method,
    });
  } catch (err) {
    req.log.warn({ err }, 'login log not written');
  }
}

export function toLoginLogEntry(r: typeof t.loginLog.$inferSelect): LoginLogEntry {
  return {
    id: r.id,
    userName: r.userName,
    ip: r.ip,
    browser: r.browser,
    status: r.status === '0' ? '0' : '1',
    msg: r.msg,
    method: r.method ?? null,
    createTime: formatDateTime(r.createdAt),
  };
}
