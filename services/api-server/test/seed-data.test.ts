/**
 * The seed content is data (services/api-server/seed-data, issue 24): every file is checked against its schema at
 * load, a broken file stops the start naming the file and the field, and the placeholders are all filled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPANY_NAME } from '@site/contract';
import { articles, blockItems, channels, configs, media } from '../src/seed/content.js';
import { ASSET_MANIFEST, ASSETS_DIR } from '../src/seed/media.js';
import { drawPicture, isPicture } from '../src/seed/pictures.js';
import { CONTACT, fill, readSeedData, SEED_DATA_DIR } from '../src/seed/data.js';

/** A copy of seed-data with one file changed by `edit`. */
function brokenCopy(file: string, edit: (json: unknown) => unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-data-'));
  fs.cpSync(SEED_DATA_DIR, dir, { recursive: true });
  const abs = path.join(dir, file);
  fs.writeFileSync(abs, JSON.stringify(edit(JSON.parse(fs.readFileSync(abs, 'utf8')))));
  return dir;
}

test('[ISSUE-24.2] a seed-data file that breaks its schema stops the load, naming the file and the field', () => {
  const dir = brokenCopy('channels.json', (list) => (list as { channel: string }[]).map((c, i) => (i === 1 ? { ...c, channel: 'shop' } : c)));
  try {
    assert.throws(() => readSeedData(dir), /^Error: seed-data\/channels\.json: [\s\S]*at \[1\]\.channel/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const typo = brokenCopy('blocks.json', (list) => (list as { title: string }[]).map((b, i) => (i === 0 ? { ...b, title: '{{companyNmae}}' } : b)));
  try {
    assert.throws(() => readSeedData(typo), { message: 'seed-data/blocks.json: unknown placeholder {{companyNmae}}' });
  } finally {
    fs.rmSync(typo, { recursive: true, force: true });
  }
});

test('[ISSUE-24.2] placeholders: the company name and contact details are filled at load, the article ones by the seed', () => {
  assert.equal(fill('{{image}} / {{detail}}', { image: '/a.svg', detail: '/b.svg' }), '/a.svg / /b.svg');
  assert.throws(() => fill('{{duration}}', {}), { message: 'unknown placeholder {{duration}}' });
  for (const a of articles) assert.doesNotMatch(`${a.title}${a.description}${a.text}${JSON.stringify(a.customs)}`, /\{\{|\}\}/, `article ${a.id}`);
  const contact = articles.find((a) => a.id === 801)!;
  assert.equal(contact.description, `服务热线 ${CONTACT.hotline}，地址：${CONTACT.address}`);
  assert.equal(contact.customs?.hotline, '400-820-6688');
  assert.equal(articles.find((a) => a.id === 701)!.description, `${COMPANY_NAME}是一家专注于电力行业风险管控软件研发与服务的国家高新技术企业。`);
  assert.deepEqual(
    blockItems.filter((b) => b.blockId === 5).map((b) => b.title),
    [`© 2016-2026 ${COMPANY_NAME} 版权所有`, '京ICP备16088888号-1'],
  );
  assert.deepEqual(
    configs.find(([k]) => k === 'site.hotline'),
    ['site.hotline', '站点-服务热线', '400-820-6688'],
  );
});

/** Width and height of a WebP file (its VP8X header: canvas size minus one, 24 bits each; or a plain lossy VP8 frame). */
function webpSize(file: Buffer): [number, number] {
  const chunk = file.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return [file.readUIntLE(24, 3) + 1, file.readUIntLE(27, 3) + 1];
  assert.equal(chunk, 'VP8 ');
  return [file.readUInt16LE(26) & 0x3fff, file.readUInt16LE(28) & 0x3fff];
}

test("[issue 42.5] the seed's pictures are committed WebP files made from their drawings; no article, banner or channel shows an SVG picture", () => {
  const pictures = media.filter(isPicture);
  assert.ok(pictures.length >= 40, `${pictures.length} pictures`);
  for (const m of pictures) {
    assert.match(m.rel, /^images\/[a-z0-9-]+\.webp$/);
    const file = fs.readFileSync(path.join(ASSETS_DIR, m.rel));
    assert.equal(file.subarray(8, 12).toString('latin1'), 'WEBP', m.rel);
    assert.equal(ASSET_MANIFEST[m.rel]?.bytes, file.length, `${m.rel}: media.json is the committed file's`);
    const [, w, h] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(drawPicture(m))!.map(Number);
    assert.deepEqual(webpSize(file), [w, h], `${m.rel}: drawn at its own size`);
  }
  const pictureUrls = new Set(pictures.map((m) => `/files/${m.rel}`));
  const shown = [
    ...articles.flatMap((a) => [a.image, ...(a.text.match(/\/files\/images\/[^"' )]+/g) ?? [])]),
    ...blockItems.map((b) => b.image),
    ...channels.map((c) => c.image),
  ].filter((u): u is string => !!u && u.startsWith('/files/images/'));
  const svgPictures = shown.filter((u) => u.endsWith('.svg') && !/\/(logo|logo-light|icon-[a-z]+|avatar-default)\.svg$/.test(u));
  assert.deepEqual(svgPictures, []);
  for (const u of shown.filter((x) => x.endsWith('.webp'))) assert.ok(pictureUrls.has(u), `${u} is a seed picture`);
});
