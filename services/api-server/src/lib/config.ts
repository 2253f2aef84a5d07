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
 * The image captcha before an SMS code that may go to a number without an account (register; a phone change by
 * someone not signed in; docs/decisions/0016): on unless env SITE_SMS_CAPTCHA is `0` (test harnesses whose pages do not send
 * it yet). The site-wide switch sys.account.captchaEnabled = 'false' turns it off too, as it does every captcha.
 */
export const smsCaptchaRequired = (env: NodeJS.ProcessEnv = process.env): boolean => env.SITE_SMS_CAPTCHA?.trim() !== '0';
