/**
 * Issue 37.3 / 37.4: the canary's variant pages (renderCanaryVariant: rendered while a canary is open, with the remotes
 * file a canary visitor gets and only the canary remote's pages, removed once it is promoted or aborted) and the
 * rule of the automatic rollback (judgeCanary, canarySettings). The worker run is a stand-in that writes what a run
 * writes; the real worker is exercised by e2e/tests/deploy-canary.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RendererConfig } from '../src/config';
import { autoAbortCanary, canarySettings, judgeCanary, renderCanaryVariant, versionOfUrl } from '../src/canary';
import { writeAtomic } from '../src/output';
import type { Scope } from '../src/plan';

const LIVE = { remote_support: 'http://localhost:8082/1.0.0/mf-manifest.json', remote_content: 'http://localhost:8081/1.0.0/mf-manifest.json' };
const CANARY_URL = 'http://localhost:8082/2.0.0/mf-manifest.json';

test('[issue 37.3] while a canary is open its remote’s pages are rendered with the canary’s remotes file into canary/; removed after promote or abort', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-canary-'));
  try {
    const deploy = path.join(tmp, 'deploy');
    const outDir = path.join(tmp, 'rendered');
    writeAtomic(path.join(deploy, 'remotes.json'), JSON.stringify(LIVE));
    const config: RendererConfig = {
      outDir,
      store: null,
      apiOrigin: 'http://127.0.0.1:1',
      siteOrigin: 'http://localhost:8080',
      hostRoot: tmp,
      remotesFile: path.join(deploy, 'remotes.json'),
      remotes: {},
      port: 0,
      token: '',
      cacheDir: tmp,
    };
    const runs: { scopes: readonly Scope[]; env: NodeJS.ProcessEnv }[] = [];
    const run = async (scopes: readonly Scope[], env: NodeJS.ProcessEnv) => {
      runs.push({ scopes, env });
      const remotes = JSON.parse(readFileSync(String(env.RENDER_REMOTES_FILE), 'utf8')) as Record<string, string>;
      writeAtomic(path.join(String(env.RENDER_OUT_DIR), 'pages/support.html'), `<p>${remotes.remote_support}</p>`);
      writeAtomic(path.join(String(env.RENDER_OUT_DIR), 'index.json'), '{"pages":{}}');
      return { rendered: 1 };
    };
    const published = new Map<string, string>();

    assert.deepEqual(await renderCanaryVariant(config, [{ all: true }], { run, published }), { canary: null, rendered: 0, removed: false });
    assert.equal(runs.length, 0, 'no canary, no variant run');

    writeFileSync(
      path.join(deploy, 'remotes.canary.json'),
      JSON.stringify({ remote: 'remote_support', version: '2.0.0', url: CANARY_URL, percent: 50, started: new Date().toISOString(), by: 't' }),
    );
    const changes: Scope[] = [{ changes: [{ kind: 'article', id: 3 }] } as unknown as Scope];
    const first = await renderCanaryVariant(config, changes, { run, published });
    assert.equal(first.canary?.version, '2.0.0');
    assert.deepEqual(runs[0].scopes, [{ all: true }], 'a new canary renders all of its pages');
    assert.equal(runs[0].env.RENDER_ONLY_REMOTE, 'remote_support');
    assert.equal(runs[0].env.RENDER_OUT_DIR, path.join(outDir, 'canary'));
    assert.equal(runs[0].env.STORAGE_DRIVER, 'local');
    assert.deepEqual(JSON.parse(readFileSync(path.join(outDir, 'canary/remotes.json'), 'utf8')), { ...LIVE, remote_support: CANARY_URL });
    assert.equal(readFileSync(path.join(outDir, 'canary/pages/support.html'), 'utf8'), `<p>${CANARY_URL}</p>`);

    await renderCanaryVariant(config, changes, { run, published });
    assert.deepEqual(runs[1].scopes, changes, 'the same canary: the run’s own changes');

    // Promote or abort: the state is gone, and so are its pages.
    rmSync(path.join(deploy, 'remotes.canary.json'));
    const after = await renderCanaryVariant(config, [{ all: true }], { run, published });
    assert.equal(after.removed, true);
    assert.ok(!existsSync(path.join(outDir, 'canary')));
    assert.equal(runs.length, 2);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('[issue 37.4] the rule: at least 30 canary views, then aborted when its failed share is above 2 × live + 1 point', () => {
  const s = canarySettings({});
  assert.deepEqual(s, { minViews: 30, ratio: 2, margin: 0.01, everyMs: 15000 });
  assert.equal(judgeCanary({ views: 29, failed: 29 }, { views: 100, failed: 0 }, s).abort, false, 'not judged below 30 views');
  const broken = judgeCanary({ views: 30, failed: 30 }, { views: 30, failed: 0 }, s);
  assert.equal(broken.abort, true);
  assert.match(broken.reason, /canary 30 of 30 visitors failed \(100\.0 %\), live 0 of 30 \(0\.0 %\): above 2 × live \+ 1\.0 % = 1\.0 %/);
  assert.equal(judgeCanary({ views: 100, failed: 5 }, { views: 100, failed: 2 }, s).abort, false, '5 % vs 2 × 2 % + 1 = 5 %: kept');
  assert.equal(judgeCanary({ views: 100, failed: 6 }, { views: 100, failed: 2 }, s).abort, true);
  assert.equal(judgeCanary({ views: 1000, failed: 5 }, { views: 0, failed: 0 }, s).abort, false, '0.5 % with no live views: kept');
  assert.deepEqual(canarySettings({ RENDER_CANARY_MIN_VIEWS: '4', RENDER_CANARY_CHECK_MS: '1000' }), {
    minViews: 4,
    ratio: 2,
    margin: 0.01,
    everyMs: 1000,
  });
  assert.equal(versionOfUrl('http://localhost:8082/1.2.0-3f9a1c2e/mf-manifest.json'), '1.2.0-3f9a1c2e');
});

test('[issue 46.2] the automatic abort is a call into @site/releases: the canary it judged ends, with who and why in the history; an ended one answers false', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'renderer-abort-'));
  try {
    const deploy = path.join(tmp, 'deploy');
    writeAtomic(path.join(deploy, 'remotes.json'), JSON.stringify(LIVE));
    const canary = {
      remote: 'remote_support',
      version: '2.0.0',
      url: CANARY_URL,
      percent: 50,
      started: new Date().toISOString(),
      by: 't',
      live: LIVE.remote_support,
    };
    writeFileSync(path.join(deploy, 'remotes.canary.json'), JSON.stringify(canary));
    const config = { outDir: path.join(tmp, 'rendered'), store: null, remotesFile: path.join(deploy, 'remotes.json') } as RendererConfig;
    const env = { STORAGE_DRIVER: 'local' };
    assert.equal(await autoAbortCanary(config, { ...canary, version: '1.9.0' }, 'judged another', env), false, 'another version than the open one');
    assert.ok(existsSync(path.join(deploy, 'remotes.canary.json')));
    assert.equal(await autoAbortCanary(config, canary, 'canary 30 of 30 visitors failed', env), true);
    assert.ok(!existsSync(path.join(deploy, 'remotes.canary.json')));
    const step = JSON.parse(readFileSync(path.join(deploy, 'releases.jsonl'), 'utf8').trim());
    assert.deepEqual([step.action, step.by, step.version, step.reason], ['auto-abort', 'page-renderer', '2.0.0', 'canary 30 of 30 visitors failed']);
    assert.equal(await autoAbortCanary(config, canary, 'again', env), false, 'already ended');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
