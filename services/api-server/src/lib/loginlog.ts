/**
 * 登录日志 (issue 27.4, RuoYi's sys_logininfor): each sign-in attempt with the name given, the address, the browser
 * and what the person was told. Written outside the attempt's own work, so a failure to write it never changes the
 * answer of a sign-in.
 */
import type { FastifyRequest } from 'fastify';
import type { LoginLogEntry } from '@site/contract';
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

export async function recordLogin(db: Db, req: FastifyRequest, userName: string, ok: boolean, msg: string): Promise<void> {
  const ua = req.headers['user-agent'];
  try {
    await db.insert(t.loginLog).values({
      userName: userName.slice(0, 64),
      ip: req.ip,
      browser: browserOf(ua).slice(0, 100),
      userAgent: (ua ?? '').slice(0, 500),
      status: ok ? '0' : '1',
      msg: msg.slice(0, 200),
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
    createTime: formatDateTime(r.createdAt),
  };
}
