import path from 'node:path';
import type { ObjectStorage } from '@site/object-storage';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { searchText } from '../lib/text.js';
import { indexArticles, reindexStale } from '../lib/search.js';
import * as content from './content.js';
import { copyAsset, iconSvg, logoSvg, writeIfMissing } from './media.js';

const SEED_NAME = 'content-v1';

/** Stores the seeded media (idempotent). Returns the byte size of each file by its key (relative path). */
export async function ensureMedia(storage: ObjectStorage): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const m of content.media) {
    let size: number;
    switch (m.kind) {
      case 'cover':
      case 'screen':
      case 'scene':
        // a picture: committed as WebP by tools/make-media.ts (seed/pictures.ts says why not the SVG)
        size = await copyAsset(storage, m.rel, m.rel);
        break;
      case 'logo':
        size = await writeIfMissing(storage, m.rel, logoSvg(false));
        break;
      case 'logo-light':
        size = await writeIfMissing(storage, m.rel, logoSvg(true));
        break;
      case 'icon':
        size = await writeIfMissing(storage, m.rel, iconSvg(m.title!, m.hue!));
        break;
      case 'text':
        size = await writeIfMissing(storage, m.rel, `\ufeff${m.text!}`);
        break;
      case 'asset':
        size = await copyAsset(storage, m.rel, m.asset!);
        break;
    }
    sizes.set(m.rel, size);
  }
  return sizes;
}

/** Inserts the seed content once (recorded in seed_state). Runs in one transaction. Accounts: seed/accounts.ts. */
export async function seedDatabase(db: Db, sizes: Map<string, number>, log: (m: string) => void = () => {}): Promise<boolean> {
  const done = await db
    .select()
    .from(t.seedState)
    .where(sql`name = ${SEED_NAME}`);
  if (done.length) {
    // A database seeded before the search index (migration 024), or indexed by an older rule.
    await reindexStale(db, log);
    return false;
  }
  const now = Date.now();
  const day = 86_400_000;

  await db.transaction(async (tx) => {
    // channels: parents first
    const ordered = [...content.channels].sort((a, b) => (a.parentId === null ? 0 : 1) - (b.parentId === null ? 0 : 1));
    // The seed data's rows are shaped as the table rows (seed/data.ts); what they leave out takes the column's default.
    for (const c of ordered) await tx.insert(t.channel).values(c);
    const blockOrder = new Map<number, number>();
    await tx.insert(t.blockItem).values(
      content.blockItems.map((b) => {
        const order = (blockOrder.get(b.blockId) ?? 0) + 1;
        blockOrder.set(b.blockId, order);
        return { ...b, sort: order };
      }),
    );
    const articles = await tx
      .insert(t.article)
      .values(
        content.articles.map(({ daysAgo, ...a }, i) => {
          const rel = a.file?.replace(/^\/files\//, '');
          return {
            ...a,
            fileLength: rel ? (sizes.get(rel) ?? null) : null,
            publishDate: new Date(now - daysAgo * day - (i % 7) * 3_600_000),
            searchText: searchText(a.description, a.text),
          };
        }),
      )
      .returning();
    // The search index, in the same transaction (lib/search.ts).
    await indexArticles(tx, articles);
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('article', 'id'), 10000)`);
    await tx.insert(t.sysNotice).values(
      content.notices.map((n, i) => ({
        noticeTitle: n.title,
        noticeType: n.type,
        noticeContent: n.content,
        status: n.status ?? '0',
        createBy: n.by,
        createTime: new Date(now - n.daysAgo * day - i * 60_000),
      })),
    );
    await tx.insert(t.sysDictData).values(content.dictData);
    await tx
      .insert(t.sysConfig)
      .values(content.configs.map(([configKey, configName, configValue]) => ({ configKey, configName, configValue })))
      .onConflictDoNothing();
    await tx.insert(t.customer).values(content.customers);
    await tx.insert(t.sysRole).values(content.roles);
    await tx.insert(t.sysMenu).values(content.menus);
    for (const [roleKey, ids] of Object.entries(content.roleMenus)) {
      await tx.insert(t.sysRoleMenu).values(ids.map((menuId) => ({ roleKey, menuId })));
    }
    await tx.insert(t.seedState).values({ name: SEED_NAME });
  });
  log(`seeded: ${content.articles.length} articles, ${content.blockItems.length} block items, ${content.notices.length} notices`);
  return true;
}

export const filesDirOf = (dataDir: string) => path.join(dataDir, 'files');
