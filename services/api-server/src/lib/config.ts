import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { sysConfig } from '../db/schema.js';

/** A sys_config value ('' when unknown), cached briefly. */
export async function configValue(ctx: AppContext, key: string): Promise<string> {
  return ctx.cache.get(`config:${key}`, async () => {
    const [row] = await ctx.db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, key));
    return row?.v ?? '';
  });
}
