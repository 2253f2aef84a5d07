/**
 * The seed reads like a real company's site (issue 19, "Content … (the seed)"): every article has its own body
 * and summary, products/solutions/news have several paragraphs with subheadings, dates spread over two years,
 * and the committed videos and PDFs are what their text says (duration from the MP4 `mvhd` box, pages from the
 * PDF's page objects; no ffprobe needed).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CHANNEL_IDS } from '@site/contract';
import { htmlToText } from '../src/lib/text.js';
import { articles, durationText, media } from '../src/seed/content.js';
import { ASSETS_DIR, ASSET_MANIFEST } from '../src/seed/media.js';

const C = CHANNEL_IDS;
const RUN = 20;
const PRODUCT_CHANNELS: number[] = [C.productPlatform, C.productMonitoring, C.productAnalytics];
const long = articles.filter((a) => PRODUCT_CHANNELS.includes(a.channelId) || a.channelId === C.solution || a.channelId === C.news);
const compact = (s: string) => s.replace(/\s+/g, '');
/** Characters of the visible text, without white space. */
const visible = (html: string) => compact(htmlToText(html));

/** The first `RUN`-character run that two different texts share, or null. */
function sharedRun(texts: { id: number; text: string }[]): { run: string; a: number; b: number } | null {
  const seen = new Map<string, number>();
  for (const { id, text } of texts) {
    const mine = new Set<string>();
    for (let i = 0; i + RUN <= text.length; i++) mine.add(text.slice(i, i + RUN));
    for (const run of mine) {
      const other = seen.get(run);
      if (other !== undefined && other !== id) return { run, a: other, b: id };
      seen.set(run, id);
    }
  }
  return null;
}

/** Duration in seconds from the movie header (`mvhd`) of an MP4 file. */
function mp4Duration(buf: Buffer): number {
  const at = buf.indexOf('mvhd');
  assert.ok(at > 0, 'no mvhd box');
  const version = buf[at + 4];
  const body = at + 8;
  if (version === 1) return Number(buf.readBigUInt64BE(body + 20)) / buf.readUInt32BE(body + 16);
  return buf.readUInt32BE(body + 12) / buf.readUInt32BE(body + 8);
}

/** Pages of a PDF: its `/Type /Page` objects (not `/Pages`). */
const pdfPages = (buf: Buffer) => (buf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

describe('seeded articles', () => {
  test('[ISSUE-19.1] no two seeded article bodies or summaries are equal', () => {
    const bodies = new Map<string, number>();
    const summaries = new Map<string, number>();
    for (const a of articles) {
      const body = visible(a.text);
      assert.ok(!bodies.has(body), `article ${a.id} has the body of article ${bodies.get(body)}`);
      bodies.set(body, a.id);
      assert.ok(!summaries.has(a.description), `article ${a.id} has the summary of article ${summaries.get(a.description)}`);
      summaries.set(a.description, a.id);
    }
  });

  test(`[ISSUE-19.1] no ${RUN}-character run of text is repeated across two articles' bodies, nor across two summaries`, () => {
    const inBodies = sharedRun(articles.map((a) => ({ id: a.id, text: visible(a.text) })));
    assert.equal(inBodies, null, inBodies ? `articles ${inBodies.a} and ${inBodies.b} share "${inBodies.run}"` : '');
    const inSummaries = sharedRun(articles.map((a) => ({ id: a.id, text: compact(a.description) })));
    assert.equal(inSummaries, null, inSummaries ? `summaries ${inSummaries.a} and ${inSummaries.b} share "${inSummaries.run}"` : '');
  });

  test('[ISSUE-19.1] a summary is not the title plus a stock sentence: it does not start with the title', () => {
    for (const a of articles) assert.ok(!compact(a.description).startsWith(compact(a.title)), `article ${a.id}: ${a.description}`);
  });

  test('[ISSUE-19.1] every product, solution and news body has 300–1,200 characters, several paragraphs and subheadings', () => {
    assert.equal(long.length, 8 + 5 + 22);
    for (const a of long) {
      const n = visible(a.text).length;
      assert.ok(n >= 300 && n <= 1200, `article ${a.id} (${a.title}) has ${n} characters`);
      assert.ok((a.text.match(/<p>/g) ?? []).length >= 3, `article ${a.id} has fewer than 3 paragraphs`);
      assert.ok(/<h[23]>/.test(a.text), `article ${a.id} has no subheading`);
    }
    // most carry a table or a figure
    const illustrated = long.filter((a) => /<table>|<figure>/.test(a.text)).length;
    assert.ok(illustrated >= long.length - 2, `${illustrated} of ${long.length} have a table or figure`);
  });

  test('[ISSUE-19.1] news dates spread over the last two years, industry news is marked as such', () => {
    const news = articles.filter((a) => a.channelId === C.news);
    const days = news.map((a) => a.daysAgo).sort((x, y) => x - y);
    assert.ok(days[0] < 30 && days.at(-1)! > 600 && days.at(-1)! <= 730, `news from ${days[0]} to ${days.at(-1)} days ago`);
    assert.equal(new Set(days).size, days.length);
    // no month of the two years holds more than a quarter of the news
    const months = new Map<number, number>();
    for (const d of days) months.set(Math.floor(d / 30), (months.get(Math.floor(d / 30)) ?? 0) + 1);
    assert.ok(Math.max(...months.values()) <= news.length / 4);
    assert.ok(news.filter((a) => a.customs?.category === '行业动态').length >= 4);
  });

  test('[ISSUE-19.3] product and solution images are drawn product screens, and every figure shows a seeded image', () => {
    const screens = new Set(media.filter((m) => m.kind === 'screen').map((m) => `/files/${m.rel}`));
    for (const a of articles.filter((x) => PRODUCT_CHANNELS.includes(x.channelId) || x.channelId === C.solution)) {
      assert.ok(screens.has(a.image!), `article ${a.id} image ${a.image} is not a product screen`);
    }
    const seeded = new Set(media.map((m) => `/files/${m.rel}`));
    for (const a of articles)
      for (const [, src] of a.text.matchAll(/<img src="([^"]+)"/g)) assert.ok(seeded.has(src), `article ${a.id} shows ${src}, which is not seeded`);
  });
});

describe('seeded media files', () => {
  const assetFile = (url: string) => path.join(ASSETS_DIR, url.replace(/^\/files\//, ''));

  test('[ISSUE-19.2] each video tutorial has its own MP4 of 20–60 s whose real duration (mvhd) the text states', () => {
    const videos = articles.filter((a) => a.channelId === C.video);
    assert.equal(videos.length, 6);
    assert.equal(new Set(videos.map((v) => v.video)).size, videos.length);
    for (const v of videos) {
      const rel = v.video!.replace(/^\/files\//, '');
      const buf = fs.readFileSync(assetFile(v.video!));
      assert.equal(buf.length, ASSET_MANIFEST[rel].bytes, `${rel} size`);
      const seconds = mp4Duration(buf);
      assert.ok(seconds >= 20 && seconds <= 60, `${rel} lasts ${seconds} s`);
      assert.ok(Math.abs(seconds - ASSET_MANIFEST[rel].duration!) < 0.2, `${rel}: mvhd ${seconds} s, media.json ${ASSET_MANIFEST[rel].duration} s`);
      assert.ok(htmlToText(v.text).includes(durationText(seconds)), `article ${v.id} does not state ${durationText(seconds)}`);
      assert.equal(v.customs?.duration, Math.round(seconds));
      assert.ok([640, 854].includes(ASSET_MANIFEST[rel].width!), `${rel} width`);
      const webm = v.customs?.videoWebm as string | undefined;
      if (webm) assert.equal(fs.statSync(assetFile(webm)).size, ASSET_MANIFEST[webm.replace(/^\/files\//, '')].bytes);
      assert.ok(fs.statSync(assetFile(v.image!)).size > 5_000, `poster ${v.image}`);
    }
  });

  test('[ISSUE-19.2] each PDF document has several pages (as stated), an embedded CJK font subset and its own text', () => {
    const docs = articles.filter((a) => a.channelId === C.document && a.file!.endsWith('.pdf'));
    assert.ok(docs.length >= 9);
    const sizes = new Set<number>();
    for (const d of docs) {
      const rel = d.file!.replace(/^\/files\//, '');
      const buf = fs.readFileSync(assetFile(d.file!));
      assert.equal(buf.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.equal(buf.length, ASSET_MANIFEST[rel].bytes, `${rel} size`);
      const pages = pdfPages(buf);
      assert.ok(pages >= 3, `${rel} has ${pages} pages`);
      assert.equal(pages, ASSET_MANIFEST[rel].pages, `${rel}: ${pages} page objects, media.json says ${ASSET_MANIFEST[rel].pages}`);
      assert.ok(htmlToText(d.text).includes(`共 ${pages} 页`), `article ${d.id} does not state ${pages} pages`);
      const pdf = buf.toString('latin1');
      assert.ok(/\/FontFile2|\/FontFile3/.test(pdf), `${rel} embeds no font`);
      assert.ok(/\/BaseFont\s*\/[A-Z]{6}\+/.test(pdf), `${rel} has no subset font`);
      sizes.add(buf.length);
    }
    assert.equal(sizes.size, docs.length, 'two PDFs have the same size');
  });

  test('[ISSUE-19.2] the committed media stay small (under 8 MB together) and the old colour-bar clip is gone', () => {
    const total = Object.values(ASSET_MANIFEST).reduce((s, a) => s + a.bytes, 0);
    assert.ok(total < 8 * 1024 * 1024, `${total} bytes`);
    assert.ok(!fs.existsSync(path.join(ASSETS_DIR, 'demo.mp4')));
    assert.ok(!articles.some((a) => a.video?.includes('demo')));
  });
});
