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
