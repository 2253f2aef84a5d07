import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { and, eq, gt, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { captcha } from '../db/schema.js';
import { BizError } from './errors.js';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

export async function createCaptcha(db: Db): Promise<{ uuid: string; img: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1ilI', width: 120, height: 40, background: '#f4f7fb' });
  const uuid = crypto.randomUUID().replace(/-/g, '');
  await db.insert(captcha).values({ uuid, answer: c.text.toLowerCase(), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  // Occasional clean-up of old captchas.
  if (Math.random() < 0.05) await db.execute(sql`DELETE FROM captcha WHERE expires_at < now() - interval '1 day'`);
  return { uuid, img: Buffer.from(c.data, 'utf8').toString('base64') };
}

/**
 * Checks and consumes a captcha (single use: consumed whether the answer is right or wrong).
 * Throws BizError 验证码已失效 (unknown, used or expired) or 验证码错误.
 */
export async function verifyCaptcha(db: Db, uuid: string | undefined, code: string | undefined): Promise<void> {
  if (!uuid || !code) throw new BizError('验证码已失效');
  const [row] = await rows<{ answer: string }>(
    db,
    sql`UPDATE captcha SET used = true WHERE uuid = ${uuid} AND used = false AND expires_at > now() RETURNING answer`,
  );
  if (!row) throw new BizError('验证码已失效');
  if (row.answer !== code.trim().toLowerCase()) throw new BizError('验证码错误');
}

export async function peekCaptcha(db: Db, uuid: string): Promise<string | null> {
  const [row] = await db
    .select({ answer: captcha.answer })
    .from(captcha)
    .where(and(eq(captcha.uuid, uuid), eq(captcha.used, false), gt(captcha.expiresAt, sql`now()`)))
    .limit(1);
  return row?.answer ?? null;
}
