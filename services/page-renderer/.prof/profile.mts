// Not committed: what one page's render costs, by part (renderPage, pageDocument, brotli, gzip, write).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readConfig, readRemotes } from '../src/config.ts';
import { loadHostBuild } from '../src/bundles.ts';
import { openPageJob } from '../src/page-job.ts';

const config = readConfig();
const host = loadHostBuild(config.hostRoot, config.cacheDir);
const names = [...new Set(host.PUBLIC_ROUTES.map((r) => r.remote))];
const job = await openPageJob({
  outDir: config.outDir,
  apiOrigin: config.apiOrigin,
  siteOrigin: config.siteOrigin,
  hostRoot: config.hostRoot,
  cacheDir: config.cacheDir,
  remotes: readRemotes(config),
  names,
});
const routes = [];
for (const n of names) {
  const b = job.remotes.get(n)?.build;
  if (b?.renderRoutes) for (const r of await b.renderRoutes()) routes.push({ ...r, remote: n });
}
const pick = (re: RegExp, k: number) => routes.filter((r) => re.test(r.url)).slice(0, k);
const sample = [
  ...pick(/^\/newsDetail/, 40),
  ...pick(/^\/document\?id/, 20),
  ...pick(/^\/question\?id/, 20),
  ...pick(/^\/productDetail/, 10),
  ...pick(/^\/(news|document|question|support|product|solution|)$/, 10),
];
const t = { render: 0, doc: 0, br: 0, gz: 0, total: 0, bytes: 0 };
const origRender = host.renderPage;
// time renderPage by wrapping
(host as any).renderPage = async (req: any) => {
  const a = performance.now();
  const r = await origRender(req);
  t.render += performance.now() - a;
  return r;
};
for (let i = 0; i < 2; i++)
  for (const r of sample) {
    const a = performance.now();
    const o = await job.render(r);
    t.total += performance.now() - a;
  }
// compression on its own, of the pages written
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileFor } from '../src/output.ts';
for (const r of sample) {
  const body = readFileSync(path.join(config.outDir, fileFor(r.url)));
  t.bytes += body.length;
  let a = performance.now();
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  t.br += performance.now() - a;
  a = performance.now();
  gzipSync(body, { level: 9 });
  t.gz += performance.now() - a;
}
const n = sample.length;
console.log(
  JSON.stringify({
    pages: n * 2,
    msPerPage: +(t.total / (2 * n)).toFixed(1),
    renderPageMs: +(t.render / (2 * n)).toFixed(1),
    brotliMs: +(t.br / n).toFixed(1),
    gzipMs: +(t.gz / n).toFixed(1),
    avgKB: Math.round(t.bytes / n / 1024),
  }),
);
process.exit(0);
