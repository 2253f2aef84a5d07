#!/usr/bin/env node
/**
 * The command line over @site/releases: ship one remote without touching the host or the other remotes.
 *
 *   node scripts/remote.cjs release <remote-dir>            copy its build (dist/) to deploy/<remote-dir>/<version>/ (immutable),
 *                                                           with a .br and a .gz beside each text file
 *   node scripts/remote.cjs publish <remote-dir> [version]  point deploy/remotes.json at that version (also: rollback);
 *                                                           without one, the newest released version (and says so)
 *       [--canary <percent>] [--by <name>]                  or open a canary of it for that share of the visitors
 *   node scripts/remote.cjs promote|abort <remote-dir>      end the open canary: live for all, or gone
 *       [--by <name>] [--reason <text>] [--auto <version>]  (--auto: the automatic abort of that version only)
 *   node scripts/remote.cjs history [remote-dir]            the release history, oldest first
 *   node scripts/remote.cjs list <remote-dir>               versions on disk, * = live, ~ = open canary
 *   node scripts/remote.cjs check <remote-dir> [manifest]   the contract: its manifest exposes every module the host routes to
 *
 * DEPLOY_DIR (default ./deploy) holds the versions and remotes.json; PUBLIC_HOST and <NAME>_PORT make the URLs; with
 * STORAGE_DRIVER=s3 and the S3_* settings (the API's) the live files are the bucket's (shared/releases/README.md).
 */
const path = require('path');
const { releases, appOf, USAGE } = require('@site/releases');

const root = path.resolve(__dirname, '..');
const desk = releases({ deployDir: process.env.DEPLOY_DIR || path.join(root, 'deploy'), root });

/**
 * `--canary 10`, `--by ann`, `--reason "..."`, `--auto <version>` (abort: the automatic rollback's, of that version
 * only) out of the arguments; the rest in order.
 */
function parseArgs(argv) {
  const opts = {};
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(canary|by|reason|auto)(?:=(.*))?$/.exec(argv[i]);
    if (!m) {
      if (argv[i].startsWith('--')) throw new Error(`unknown option ${argv[i]} (usage: ${USAGE})`);
      rest.push(argv[i]);
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`--${m[1]} needs a value (usage: ${USAGE})`);
    opts[m[1]] = value;
  }
  return { opts, rest };
}

/** The automatic abort of `version` only (the page renderer calls `autoAbort` itself); nothing ended is an error here. */
async function autoAbortCommand(dir, opts) {
  const app = appOf(dir);
  const { ended, open } = await desk.autoAbort({ remote: app.name, version: opts.auto }, opts, process.env);
  if (ended) return;
  if (open && open.remote === app.name) throw new Error(`${dir}@${opts.auto} is not the open canary (${open.version} is): nothing aborted`);
  throw new Error(`no canary of ${dir} is open${open ? ` (the open one is ${open.remote}@${open.version})` : ''}: nothing to abort`);
}

async function main(argv) {
  const { opts, rest } = parseArgs(argv);
  const [cmd, dir, arg] = rest;
  if (opts.canary !== undefined && cmd !== 'publish') throw new Error(`--canary goes with publish (usage: ${USAGE})`);
  if (opts.auto !== undefined && cmd !== 'abort') throw new Error(`--auto goes with abort (usage: ${USAGE})`);
  if (cmd === 'release') await desk.releaseCompressed(dir);
  else if (cmd === 'publish') await desk.publish(dir, arg, process.env, opts);
  else if (cmd === 'promote') await desk.promote(dir, process.env, opts);
  else if (cmd === 'abort' && opts.auto !== undefined) await autoAbortCommand(dir, opts);
  else if (cmd === 'abort') await desk.abort(dir, process.env, opts);
  else if (cmd === 'history') await desk.history(dir);
  else if (cmd === 'list') await desk.list(dir);
  else if (cmd === 'check') {
    desk.check(dir, arg);
    console.log(`[remote] ${dir}: contract ok`);
  } else {
    console.error(`usage: ${USAGE}`);
    process.exit(2);
  }
}

main(process.argv.slice(2)).catch((e) => {
  // A file system refusal names the file; what to do is the same for each.
  const hint = ['EACCES', 'EPERM', 'EROFS'].includes(e.code)
    ? ` (run it as the user that owns ${desk.deployDir}, the \`site\` user of docs/deploy.md, or set DEPLOY_DIR to a folder it may write)`
    : e.code === 'ENOSPC'
      ? ' (the disk is full: remove old releases you no longer roll back to)'
      : '';
  console.error(`[remote] ${e.message}${hint}`);
  process.exit(1);
});
