/**
 * What importing the server costs (the API suite's load time): jsdom, svg-captcha, the AWS SDK and file-type are
 * loaded on their first use, not when the server is imported, which every test file, tool and server process does.
 * Measured on the 2-core machine: importing test/helpers.ts took about 1.95 CPU-s with them, 1.1 without. Each must
 * still work on first use (file-type: the upload tests). The check runs in a fresh process (this one's imports must
 * not count), on PGlite runs only: it does not touch a database.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Run in the fresh process: which of the libraries are loaded after importing the server, and after using each.
 * Loaded = in require's cache (what `require` and an import of CommonJS load) or resolved by an import (ES modules,
 * which no cache lists: a resolve hook registered before the server is imported reports each one).
 */
const PROBE = `
import { createRequire, register } from 'node:module';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
const HOOK = 'let port; export function initialize(data) { port = data.port; } ' +
  'export async function resolve(s, c, next) { const r = await next(s, c); port.postMessage(r.url); return r; }';
const { port1, port2 } = new MessageChannel();
port1.unref();
register('data:text/javascript,' + encodeURIComponent(HOOK), { data: { port: port2 }, transferList: [port2] });
const LIBS = ['jsdom', 'svg-captcha', '@aws-sdk/client-s3', 'file-type'];
const files = new Set();
const loaded = () => {
  for (let m; (m = receiveMessageOnPort(port1)); ) files.add(m.message);
  for (const f of Object.keys(createRequire(import.meta.url).cache)) files.add(f);
  return LIBS.filter((lib) => [...files].some((f) => f.includes('/node_modules/' + lib + '/')));
};
await import('./src/app.ts');
const atImport = loaded();
const { sanitizeHtml } = await import('./src/lib/sanitize.ts');
const { renderCaptcha } = await import('./src/lib/captcha.ts');
const { S3Storage } = await import('@site/object-storage');
const html = sanitizeHtml('<a href="/x" target="_blank" onclick="alert(1)">x</a><script>alert(2)</script>');
const svg = renderCaptcha('abcd').svg;
const s3 = new S3Storage({ bucket: 'b', region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });
process.stdout.write(JSON.stringify({ atImport, afterUse: loaded(), html, glyphs: svg.match(/<path fill="(?!none)/g).length, s3: typeof s3.client.send }));
`;

test(
  '[API-15][API-21][ROUTE-11] importing the server loads neither jsdom, svg-captcha, the AWS SDK nor file-type; each loads and works on first use',
  { skip: !!process.env.TEST_DATABASE_URL && 'PGlite runs only (no database used)' },
  async () => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { cwd: SERVER_DIR }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    const r = JSON.parse(out) as { atImport: string[]; afterUse: string[]; html: string; glyphs: number; s3: string };
    assert.deepEqual(r.atImport, []);
    assert.deepEqual(r.afterUse, ['jsdom', 'svg-captcha', '@aws-sdk/client-s3']);
    assert.equal(r.html, '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
    assert.equal(r.glyphs, 4);
    assert.equal(r.s3, 'function');
  },
);
