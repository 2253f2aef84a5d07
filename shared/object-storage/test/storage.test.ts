/**
 * The same behaviour from both drivers: the local folder, and the S3 driver against s3rver (a real S3-compatible
 * HTTP server on loopback, started here; the SDK is never mocked).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import S3rver from 's3rver';
import { createRequire } from 'node:module';
import * as storageModule from '../src/index.js';
import {
  InvalidKeyError,
  LocalStorage,
  REMOTES_KEY,
  RENDERED_PREFIX,
  S3Storage,
  SITE_PUBLIC_PREFIX,
  StorageConfigError,
  checkKey,
  storageFromEnv,
  type ObjectStorage,
} from '../src/index.js';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'object-storage-test-'));
let s3server: S3rver;
let s3: S3Storage;
let s3Port: number;

before(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3rver'),
    configureBuckets: [{ name: 'site-files', configs: [] }],
  });
  const { port } = await s3server.run();
  s3Port = port;
  s3 = storageFromEnv(
    {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'site-files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    path.join(tmp, 'unused'),
  ) as S3Storage;
});

after(async () => {
  s3?.client.destroy();
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStorage][] = [
  ['local', () => new LocalStorage(path.join(tmp, 'local'))],
  ['s3', () => s3],
];

for (const [name, make] of drivers) {
  describe(`${name} driver`, () => {
    test('put then get answers the bytes, size, content type and an entity tag', async () => {
      const st = make();
      assert.equal(st.driver, name);
      const put = await st.put('docs/说明.txt', '你好，对象存储');
      const bytes = Buffer.byteLength('你好，对象存储');
      assert.equal(put.size, bytes);
      assert.equal(put.key, 'docs/说明.txt');
      assert.equal(put.contentType, 'text/plain; charset=utf-8');
      assert.match(put.etag, /^(W\/)?"[^"]+"$/);
      const got = await st.get('docs/说明.txt');
      assert.ok(got);
      assert.equal(await text(got.body), '你好，对象存储');
      assert.equal(got.info.size, bytes);
      assert.equal(got.info.etag, put.etag);
      const head = await st.head('docs/说明.txt');
      assert.deepEqual({ ...head, lastModified: undefined }, { ...put, lastModified: undefined });
    });

    test('a replaced object answers the new bytes and a new entity tag', async () => {
      const st = make();
      const first = await st.put('replace/a.txt', 'first version');
      // Both drivers' tags change with the content (s3: its MD5; local: size and modification time).
      const second = await st.put('replace/a.txt', 'the second, longer version');
      assert.notEqual(second.etag, first.etag);
      assert.equal(await text((await st.get('replace/a.txt'))!.body), 'the second, longer version');
    });

    test('byte ranges: inclusive start-end, open end, the whole size reported, past the end refused', async () => {
      const st = make();
      const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      await st.put('videos/clip.mp4', data);
      const part = await st.get('videos/clip.mp4', { start: 100, end: 199 });
      assert.ok(part);
      const chunks: Buffer[] = [];
      for await (const c of part.body) chunks.push(Buffer.from(c));
      assert.deepEqual(Buffer.concat(chunks), data.subarray(100, 200));
      assert.equal(part.info.size, 1000);
      assert.equal(part.info.contentType, 'video/mp4');
      const tail = await st.get('videos/clip.mp4', { start: 990 });
      const tailChunks: Buffer[] = [];
      for await (const c of tail!.body) tailChunks.push(Buffer.from(c));
      assert.deepEqual(Buffer.concat(tailChunks), data.subarray(990));
      const clipped = await st.get('videos/clip.mp4', { start: 995, end: 5000 });
      const clippedChunks: Buffer[] = [];
      for await (const c of clipped!.body) clippedChunks.push(Buffer.from(c));
      assert.deepEqual(Buffer.concat(clippedChunks), data.subarray(995));
      await assert.rejects(st.get('videos/clip.mp4', { start: 1000 }), RangeError);
    });

    test('a missing object: get and head answer null, delete is no error', async () => {
      const st = make();
      assert.equal(await st.get('nothing/here.png'), null);
      assert.equal(await st.head('nothing/here.png'), null);
      await st.delete('nothing/here.png');
    });

    test('delete removes the object', async () => {
      const st = make();
      await st.put('gone/x.png', Buffer.from([1, 2, 3]));
      assert.equal((await st.head('gone/x.png'))?.size, 3);
      await st.delete('gone/x.png');
      assert.equal(await st.head('gone/x.png'), null);
      assert.equal(await st.get('gone/x.png'), null);
    });

    test('list answers the objects under a plain string prefix, in key order', async () => {
      const st = make();
      for (const k of ['list/2026/05/b.png', 'list/2026/05/a.png', 'list/2026/06/c.png', 'list/2025/12/d.png', 'listing.txt']) await st.put(k, k);
      assert.deepEqual(
        (await st.list('list/2026/0')).map((o) => o.key),
        ['list/2026/05/a.png', 'list/2026/05/b.png', 'list/2026/06/c.png'],
      );
      assert.deepEqual(
        (await st.list('list/')).map((o) => [o.key, o.size, o.contentType]),
        [
          ['list/2025/12/d.png', 18, 'image/png'],
          ['list/2026/05/a.png', 18, 'image/png'],
          ['list/2026/05/b.png', 18, 'image/png'],
          ['list/2026/06/c.png', 18, 'image/png'],
        ],
      );
      assert.deepEqual(
        (await st.list('list')).map((o) => o.key),
        ['list/2025/12/d.png', 'list/2026/05/a.png', 'list/2026/05/b.png', 'list/2026/06/c.png', 'listing.txt'],
      );
      assert.deepEqual(await st.list('list/1999/'), []);
    });

    test('keys that could walk out of a folder or hide in it are refused alike', async () => {
      const st = make();
      for (const key of ['../etc/passwd', 'a/../../b', '/abs.txt', 'a//b.txt', 'a/.hidden', 'a\\b.txt', 'nul\0.txt', ''])
        await assert.rejects(st.put(key, 'x'), InvalidKeyError, key);
      await assert.rejects(st.get('../x'), InvalidKeyError);
    });
  });
}

test('[issue 45.5] s3: a precompressed copy keeps its coding and type; the service answers Content-Encoding with it', async () => {
  const page = Buffer.from('<p>新闻</p>'.repeat(50));
  const br = zlib.brotliCompressSync(page);
  const put = await s3.put('coded/news.html.br', br, { contentType: 'text/html; charset=utf-8', contentEncoding: 'br' });
  assert.deepEqual([put.contentType, put.contentEncoding], ['text/html; charset=utf-8', 'br']);
  const got = await s3.get('coded/news.html.br');
  assert.deepEqual([got?.info.contentType, got?.info.contentEncoding], ['text/html; charset=utf-8', 'br']);
  got?.body.destroy();
  // What a proxy in front of the bucket reads (nginx, without credentials): the stored bytes as they are, with the header.
  const raw = await new Promise<{ encoding?: string; type?: string; bytes: Buffer }>((resolve, reject) =>
    http
      .get(`http://127.0.0.1:${s3Port}/site-files/coded/news.html.br`, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], type: res.headers['content-type'], bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject),
  );
  assert.deepEqual([raw.encoding, raw.type], ['br', 'text/html; charset=utf-8']);
  assert.ok(raw.bytes.equals(br), 'the stored bytes, not decoded');
  await s3.put('coded/news.html', page, { contentType: 'text/html; charset=utf-8' });
  assert.equal((await s3.head('coded/news.html'))?.contentEncoding, undefined, 'plain bytes: no coding');
});

test('the local driver keeps files under its folder, under the key as path', async () => {
  const st = new LocalStorage(path.join(tmp, 'plain'));
  await st.put('upload/2026/05/01/a.png', Buffer.from([9, 9]));
  assert.deepEqual(fs.readFileSync(path.join(tmp, 'plain', 'upload', '2026', '05', '01', 'a.png')), Buffer.from([9, 9]));
  assert.deepEqual(fs.readdirSync(path.join(tmp, 'plain', 'upload', '2026', '05', '01')), ['a.png']);
});

test('storageFromEnv: local by default; s3 settings checked with the variable named', () => {
  assert.equal(storageFromEnv({}, path.join(tmp, 'env-local')).driver, 'local');
  assert.throws(() => storageFromEnv({ STORAGE_DRIVER: 'ftp' }, tmp), new StorageConfigError('STORAGE_DRIVER must be local or s3, not "ftp"'));
  assert.throws(() => storageFromEnv({ STORAGE_DRIVER: 's3' }, tmp), new StorageConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET'));
  assert.throws(
    () => storageFromEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, tmp),
    new StorageConfigError('S3_ENDPOINT must be an http(s) address, not "minio:9000"'),
  );
  assert.throws(
    () => storageFromEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, tmp),
    new StorageConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'),
  );
  const s3env = storageFromEnv(
    { STORAGE_DRIVER: 'S3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:1', S3_FORCE_PATH_STYLE: '1' },
    tmp,
  ) as S3Storage;
  assert.equal(s3env.driver, 's3');
  assert.equal(s3env.bucket, 'b');
  assert.equal(s3env.client.config.forcePathStyle, true);
  s3env.client.destroy();
});

test('[ISSUE-26] the site’s public keys, and the package for CommonJS processes (load.cjs) with the same exports', () => {
  assert.deepStrictEqual([SITE_PUBLIC_PREFIX, RENDERED_PREFIX, REMOTES_KEY], ['site/', 'site/rendered/', 'site/remotes.json']);
  for (const key of [`${RENDERED_PREFIX}pages/newsDetail/id-3.html`, REMOTES_KEY]) assert.strictEqual(checkKey(key), key);
  const loaded = createRequire(import.meta.url)('../load.cjs') as Record<string, unknown>;
  assert.deepStrictEqual(Object.keys(loaded).sort(), Object.keys(storageModule).sort());
  assert.strictEqual(loaded.REMOTES_KEY, REMOTES_KEY);
  assert.strictEqual(typeof loaded.storageFromEnv, 'function');
});
