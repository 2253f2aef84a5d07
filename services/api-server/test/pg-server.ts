/**
 * A PostgreSQL server of a test's own (Debian's postgresql package, as run-pg.sh uses), on a loopback port, that the
 * test may stop and start again: the outage tests (issue 35.3, 35.4) cannot stop run-pg.sh's shared server under the
 * other suites. Missing PostgreSQL is a failure, never a skip (as run-pg.sh).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface OwnPg {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops it for good and removes its files. */
  destroy(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startOwnPg(): Promise<OwnPg> {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = process.env.PGBIN ?? (versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : '');
  if (!bin || !fs.existsSync(path.join(bin, 'pg_ctl')))
    throw new Error('PostgreSQL is not installed (apt-get install -y postgresql): this test needs a server it can stop');
  const root = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(root ? 'runuser' : path.join(bin, cmd), root ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args, { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-own-pg-'));
  if (root) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', '-o', opts, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        /* stopped already */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
