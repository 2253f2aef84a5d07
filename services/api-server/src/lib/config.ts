import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { sysConfig } from '../db/schema.js';

/** A sys_config value ('' when unknown), cached until sys_config changes (context.ts). */
export async function configValue(ctx: AppContext, key: string): Promise<string> {
  return ctx.cache.get(['config'], `config:${key}`, async () => {
    const [row] = await ctx.db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, key));
    return row?.v ?? '';
  });
}

/**
 * The site-wide cap on SMS codes sent per hour (issue 34.7): env SMS_HOURLY_CAP, a whole number from 1; anything else
 * (unset, 0, text) is the default. Reached, sendCode answers 429 with 短信验证码发送量已达本小时上限… and the server
 * logs one alert line (routes/bus.ts).
 */
export const SMS_HOURLY_CAP_DEFAULT = 200;
export function smsHourlyCap(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.SMS_HOURLY_CAP?.trim();
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : SMS_HOURLY_CAP_DEFAULT;
}

/**
 * The image captcha before an SMS code that may go to a number without an account (register; a phone change by
 * someone not signed in), issue 34.7: on unless env SITE_SMS_CAPTCHA is `0` (test harnesses whose pages do not send
 * it yet). The site-wide switch sys.account.captchaEnabled = 'false' turns it off too, as it does every captcha.
 */
export const smsCaptchaRequired = (env: NodeJS.ProcessEnv = process.env): boolean => env.SITE_SMS_CAPTCHA?.trim() !== '0';
