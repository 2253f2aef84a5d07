import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { smsCode, smsOutbox } from '../db/schema.js';
import { sha256 } from './auth.js';
import { BizError } from './errors.js';

export const SMS_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;
/**
 * The one answer for a wrong, used or expired code AND for a number that is not registered (sign-in, reset): the
 * answers must not tell which numbers have accounts.
 */
export const SMS_FAIL_MSG = '短信验证码错误或已过期';

/** What a code was sent for; a code works only for its purpose. */
export const SMS_PURPOSES = ['login', 'register', 'reset', 'phone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
/** What else goes out by SMS: the staff's answer to a message. It carries no code. */
export const SMS_NOTICE_PURPOSES = ['reply'] as const;
export type SmsNoticePurpose = (typeof SMS_NOTICE_PURPOSES)[number];

/** One text message: a code (purpose one of SMS_PURPOSES) or a notice without a code (code ''). */
export interface SmsMessage {
  phone: string;
  content: string;
  purpose: SmsPurpose | SmsNoticePurpose;
  code: string;
}

/**
 * Longest text the gateway takes (the sms_outbox column; the common gateways' cap on one long message), in
 * characters; a notice is cut to fit.
 */
export const SMS_CONTENT_MAX = 500;

/** Outside SMS gateway. The default writes to the sms_outbox table and prints the code in the server's output. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * No gateway configured: the message is printed as `[sms] 13800000000 -> 123456 (register)` (what a person trying
 * the site on one machine reads; a notice as `-> 120字 (reply)`) and kept in sms_outbox, which only the dev routes
 * (SITE_DEV_ENDPOINTS=1) can read.
 */
export function outboxSender(db: Db, print: (line: string) => void): SmsSender {
  return {
    async send({ phone, code, content, purpose }) {
      await db.insert(smsOutbox).values({ phone, code, content, purpose });
      // A notice's text is the staff's answer to a person: the log line says only that it went out.
      print(`[sms] ${phone} -> ${code || `${Array.from(content).length}字`} (${purpose})`);
    },
  };
}

/** The text of a notice cut to SMS_CONTENT_MAX characters (code points: a Chinese character counts one). */
export function fitSms(head: string, body: string, tail: string): string {
  const room = SMS_CONTENT_MAX - Array.from(head).length - Array.from(tail).length;
  const chars = Array.from(body);
  return head + (chars.length <= room ? body : `${chars.slice(0, Math.max(0, room - 1)).join('')}…`) + tail;
}

export async function issueSmsCode(db: Db, sender: SmsSender, phone: string, purpose: SmsPurpose): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCode).values({ phone, purpose, codeHash: sha256(`${phone}:${code}`), expiresAt: new Date(Date.now() + SMS_TTL_MS) });
  await sender.send({ phone, code, content: `【华电智控】您的验证码为${code}，5分钟内有效，请勿泄露给他人。`, purpose });
}

/**
 * Checks the latest code of a phone for that purpose: single use, 5-minute expiry, at most 5 attempts (then the code is dead and a
 * new one must be requested). Each attempt is counted atomically before the code is compared, so parallel guesses
 * cannot get past the limit. Throws BizError otherwise.
 */
export async function consumeSmsCode(db: Db, phone: string, code: string, purpose: SmsPurpose): Promise<void> {
  const [latest] = await rows<{ id: number; code_hash: string }>(
    db,
    sql`SELECT id, code_hash FROM sms_code
        WHERE phone = ${phone} AND purpose = ${purpose} AND used = false AND expires_at > now()
        ORDER BY id DESC LIMIT 1`,
  );
  if (!latest) throw new BizError(SMS_FAIL_MSG);
  const counted = await rows<{ id: number }>(
    db,
    sql`UPDATE sms_code SET attempts = attempts + 1
        WHERE id = ${latest.id} AND used = false AND attempts < ${SMS_MAX_ATTEMPTS} RETURNING id`,
  );
  if (counted.length === 0) throw new BizError(SMS_FAIL_MSG);
  const given = sha256(`${phone}:${code}`);
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(latest.code_hash))) throw new BizError(SMS_FAIL_MSG);
  const used = await rows<{ id: number }>(db, sql`UPDATE sms_code SET used = true WHERE id = ${latest.id} AND used = false RETURNING id`);
  if (used.length === 0) throw new BizError(SMS_FAIL_MSG);
}
