import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { BLOCK_IDS, CHANNEL_IDS } from '@site/contract';
import { rows } from '../src/db/index.js';
import { media } from '../src/seed/content.js';
import { drawPicture, isPicture } from '../src/seed/pictures.js';
import { login, req, suiteServer } from './helpers.js';

type BlockItem = { blockId: number; url: string | null; title: string; targetBlank: boolean };
type Channel = { id: number; name: string; image: string | null; subtitle: string | null };
type Route = { path: string; meta: { title: string; link: string | null } };

const FOOTER_BLOCKS = [BLOCK_IDS.product, BLOCK_IDS.application, BLOCK_IDS.about, BLOCK_IDS.news, BLOCK_IDS.contact, BLOCK_IDS.copyright];
const BANNER_CHANNELS = [CHANNEL_IDS.product, CHANNEL_IDS.solution, CHANNEL_IDS.support, CHANNEL_IDS.about, CHANNEL_IDS.news, CHANNEL_IDS.contact];

const s = suiteServer();

async function footerItems(): Promise<BlockItem[]> {
  const res = await req(s.app, { method: 'GET', url: `/api/block-item?blockIds=${FOOTER_BLOCKS.join(',')}` });
  assert.equal(res.status, 200);
  return res.body as BlockItem[];
}

/** `fresh`: a database the seed wrote (its banners are committed WebP pictures); else one 010 upgraded (SVG names). */
async function checkPublicSite(fresh = true): Promise<void> {
  const items = await footerItems();
  assert.ok(items.length > 10);
  for (const i of items) {
    assert.ok(!/example\.com/.test(i.url ?? ''), `${i.title}: ${i.url}`);
    assert.ok(!/重新加载/.test(i.title), i.title);
  }
  const byTitle = new Map(items.map((i) => [i.title, i]));
  assert.equal(byTitle.get('客户服务门户')?.url, '/index');
  assert.equal(byTitle.get('加入我们')?.url, '/about#careers');
  assert.equal(byTitle.get('常见问题')?.url, '/question?initData=1');
  for (const id of BANNER_CHANNELS) {
    const c = (await req(s.app, { method: 'GET', url: `/api/channel/${id}` })).body as Channel;
    assert.ok(c.subtitle && c.subtitle.length > 4, `channel ${id} subtitle`);
    if (!fresh) {
      assert.match(c.image ?? '', /-bg\.svg$/);
      continue;
    }
    assert.match(c.image ?? '', /-bg\.webp$/);
    const rel = c.image!.replace(/^\/files\//, '');
    const file = fs.readFileSync(path.join(s.dataDir, 'files', rel));
    assert.equal(file.subarray(8, 12).toString('latin1'), 'WEBP', `channel ${id} image is a WebP picture`);
    // The picture carries no text: the name and line are page text over it (drawn with neither).
    const drawing = media.find((m) => m.rel === rel);
    assert.ok(drawing && isPicture(drawing), `channel ${id} image is one of the seed's pictures`);
    assert.ok(!drawPicture(drawing).includes(c.name) && !drawPicture(drawing).includes(c.subtitle!), `channel ${id} image has no text`);
  }
  const [cfg] = await rows<{ v: string }>(s.app.ctx.db, sql`SELECT config_value AS v FROM sys_config WHERE config_key = 'site.supportUrl'`);
  assert.equal(cfg.v, '');
}

describe('public site links and banners (issue 19)', () => {
  test('[ISSUE-19.links] footer items go somewhere real, no （重新加载） hint; channel banners: text-free image + subtitle; no support address by default', async () => {
    await checkPublicSite();
    const [about] = await rows<{ n: number }>(
      s.app.ctx.db,
      sql`SELECT count(*)::int AS n FROM article WHERE id = 704 AND channel_id = ${CHANNEL_IDS.about}`,
    );
    assert.equal(about.n, 1, 'the 加入我们 section the footer link opens');
  });

  test('[ISSUE-19.links] the admin 帮助中心 opens the public 服务支持 pages', async () => {
    const token = await login(s.app, 'admin', 'admin123');
    const r = await req(s.app, { method: 'GET', url: '/getRouters', token });
    const help = (r.body.data as Route[]).find((x) => x.meta.title === '帮助中心');
    assert.equal(help?.meta.link, '/support');
  });

  test('[ISSUE-19.links] a database seeded by an older version upgrades: 010 rewrites the placeholder links, hint and banners', async () => {
    const db = s.app.ctx.db;
    // The state a database created before 010 is in.
    await db.execute(sql`ALTER TABLE channel DROP COLUMN subtitle`);
    await db.execute(sql`UPDATE channel SET image = replace(image, '-bg.webp', '.svg') WHERE image LIKE '%-bg.webp'`);
    await db.execute(sql`UPDATE block_item SET url = 'https://www.example.com/portal', target_blank = true WHERE title = '客户服务门户'`);
    await db.execute(sql`UPDATE block_item SET url = 'https://www.example.com/careers', target_blank = true WHERE title = '加入我们'`);
    await db.execute(sql`UPDATE block_item SET title = '常见问题（重新加载）' WHERE title = '常见问题'`);
    await db.execute(sql`UPDATE sys_config SET config_value = 'https://www.example.com/support' WHERE config_key = 'site.supportUrl'`);
    await db.execute(sql`UPDATE sys_menu SET path = 'https://www.example.com/help' WHERE menu_id = 4`);
    await db.execute(sql`DELETE FROM schema_migrations WHERE name = '010_public_site.sql'`);
    await s.restart();
    await checkPublicSite(false);
    const [menu] = await rows<{ path: string }>(s.app.ctx.db, sql`SELECT path FROM sys_menu WHERE menu_id = 4`);
    assert.equal(menu.path, '/support');
  });
});
