/**
 * Issue 26.2: the server with STORAGE_DRIVER=s3 against s3rver (a real S3-compatible server started here on
 * loopback): seeded media and uploads live in the bucket, not in DATA_DIR/files, and are served from it with their
 * content type, entity tag and byte ranges.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { CHANNEL_IDS } from '@site/contract';
import { ASSETS_DIR } from '../src/seed/media.js';
import { multipart, PNG_1x1, req, suiteServer } from './helpers.js';

const BUCKET = 'site-files-test';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-s3rver-'));
let s3server: S3rver;
const s = suiteServer({
  signIn: ['admin'],
  prepare: async () => {
    s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tmp, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3server.run();
    // The server reads the driver from the environment, as `npm start` would.
    Object.assign(process.env, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  },
});
after(async () => {
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The keys in the bucket under a prefix (a ListObjectsV2 through the driver). */
const bucketKeys = async (prefix: string) => (await s.app.ctx.storage.list(prefix)).map((o) => o.key);

describe('STORAGE_DRIVER=s3', () => {
  test('[ISSUE-26.2] seeded media are put in the bucket; a video is served from it with byte ranges', async () => {
    assert.equal(s.app.ctx.storage.driver, 's3');
    const videos = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.video}&limit=100` })).body;
    const url: string = videos[0].video;
    const key = url.slice('/files/'.length);
    assert.deepEqual(await bucketKeys(key), [key]);
    const asset = fs.readFileSync(path.join(ASSETS_DIR, 'videos', path.basename(key)));
    const whole = await s.app.inject({ method: 'GET', url });
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'video/mp4');
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.deepEqual(whole.rawPayload, asset);
    const part = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 1000-1999/${asset.length}`);
    assert.equal(part.headers['content-length'], '1000');
    assert.deepEqual(part.rawPayload, asset.subarray(1000, 2000));
    const tail = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    assert.deepEqual([tail.statusCode, tail.rawPayload], [206, asset.subarray(asset.length - 100)]);
    const past = await s.app.inject({ method: 'GET', url, headers: { range: `bytes=${asset.length}-` } });
    assert.deepEqual([past.statusCode, past.json()], [416, { code: 416, msg: '请求的范围无效' }]);
    assert.equal(past.headers['content-range'], `bytes */${asset.length}`);
  });

  test('[ISSUE-26.2] an uploaded image goes to the bucket, not the data folder, and is served with its type, ETag and ranges', async () => {
    const up = multipart('file', 'a.png', PNG_1x1, 'image/png');
    const r = await req(s.app, { method: 'POST', url: '/common/upload', token: s.token.admin, ...up });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const url: string = r.body.url;
    assert.match(url, /^\/files\/upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{24}\.png$/);
    const key = url.slice('/files/'.length);
    assert.deepEqual(await bucketKeys(key), [key]);
    assert.equal(fs.existsSync(path.join(s.dataDir, 'files', key)), false, 'nothing on the local disk');
    const got = await s.app.inject({ method: 'GET', url });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.deepEqual(got.rawPayload, PNG_1x1);
    const etag = String(got.headers.etag);
    assert.match(etag, /^"[0-9a-f]{32}"$/, 'the bucket’s MD5 entity tag');
    assert.equal((await s.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode, 304);
    const part = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-3' } });
    assert.deepEqual([part.statusCode, part.rawPayload.toString('latin1')], [206, 'PNG']);
    const head = await s.app.inject({ method: 'HEAD', url });
    assert.deepEqual([head.statusCode, head.headers['content-length']], [200, String(PNG_1x1.length)]);
  });

  test('[ISSUE-26.2] a document uploaded for an article is downloaded from the bucket under its name; a missing key is 404', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const up = multipart('file', '手册.pdf', pdf, 'application/pdf');
    const r = await req(s.app, { method: 'POST', url: '/system/article/upload?kind=document', token: s.token.admin, ...up });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const got = await s.app.inject({ method: 'GET', url: r.body.url });
    assert.deepEqual([got.statusCode, got.headers['content-type'], got.rawPayload], [200, 'application/pdf', pdf]);
    const nf = await req(s.app, { method: 'GET', url: '/files/upload/2020/01/01/000000000000000000000000.png' });
    assert.deepEqual([nf.status, nf.body], [404, { code: 404, msg: '文件不存在' }]);
  });
});
