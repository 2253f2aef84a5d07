/**
 * Test helpers: a fresh server per suite on a new temp DATA_DIR (PGlite, a copy of templateDir), or, when
 * TEST_DATABASE_URL is set (see run-pg.sh), on a new database on that PostgreSQL server (a copy of templateDatabase).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { after, before } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildServer, type ServerOptions } from '../src/app.js';

export interface TestServer {
  app: FastifyInstance;
  /** What the server printed (start-up notes, `[sms] ...` lines), newest last. */
  printed: string[];
  dataDir: string;
  databaseUrl?: string;
  close(): Promise<void>;
  /** Closes and starts again on the same data folder / database. */
  restart(opts?: ServerOptions): Promise<TestServer>;
}

/**
 * A new database on the PostgreSQL server of `adminUrl`: empty, or a copy of `template` (templateDatabase) made by the
 * server itself (CREATE DATABASE … TEMPLATE), which costs a file copy rather than the migrations and the seed.
 */
export async function createDatabase(adminUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrlOf(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The address of database `name` on the server of `adminUrl`. */
function databaseUrlOf(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export const SERVER_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * Where the suite servers' data folders go: /dev/shm (memory) when the machine has one with room to spare, else the
 * temp folder. A copy of the PGlite template is some 1,300 files and 48 MB, made and removed for each of about sixty
 * suite servers a run: on the 2-core machine's disk (ext4 mounted with `discard`) a copy took 0.34-0.78 CPU-s and its
 * removal 1.4-2.3 s, in memory 0.09-0.11 CPU-s and 0.06 s (load 15). The template itself stays in the temp folder
 * (built once a day and version, read from the page cache): in memory, each day's would hold 48 MB until a reboot.
 */
const SUITE_DATA_ROOT = (() => {
  try {
    const shm = fs.statfsSync('/dev/shm');
    // Room for a dozen suite servers at once (three files at a time, up to four servers a file) and then some.
    if (shm.bavail * shm.bsize >= 2 * 1024 ** 3) {
      fs.accessSync('/dev/shm', fs.constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    /* no /dev/shm: the temp folder */
  }
  return os.tmpdir();
})();

/**
 * What a template holds, as a short digest: the migrations, the seed (code, data, media) and the contract's constants
 * it uses, and today's date (the seed dates some rows relative to today).
 */
function templateKey(): string {
  const h = crypto.createHash('sha256');
  for (const dir of ['migrations', 'src/seed', 'seed-data', 'src/db', 'assets']) {
    // recursive: the seed data has per-channel article files (seed-data/articles) and the assets sub-folders (videos, docs)
    for (const f of (fs.readdirSync(path.join(SERVER_DIR, dir), { recursive: true }) as string[]).sort()) {
      const abs = path.join(SERVER_DIR, dir, f);
      if (fs.statSync(abs).isFile()) h.update(f).update(fs.readFileSync(abs));
    }
  }
  h.update(fs.readFileSync(path.join(SERVER_DIR, '../../shared/contract/src/constants.ts')));
  h.update(new Date().toISOString().slice(0, 10));
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded PGlite data folder, built once per day and per version of the migrations and seed
 * (a real cold start), then copied for every suite: creating a PGlite cluster costs several seconds.
 */
export async function templateDir(): Promise<string> {
  const dir = path.join(os.tmpdir(), `site-server-template-${templateKey()}`);
  if (fs.existsSync(path.join(dir, 'READY'))) return dir;
  // One process builds it; the others (test files run in parallel) wait for it.
  const lock = `${dir}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (fs.existsSync(path.join(dir, 'READY'))) return dir;
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (fs.existsSync(path.join(dir, 'READY'))) return dir;
    const tmp = `${dir}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    // Content only: each suite's server creates the accounts its options ask for.
    const app = await buildServer({ logger: false, dataDir: tmp, databaseUrl: '', seedAccounts: false, print: () => {} });
    await app.close();
    fs.writeFileSync(path.join(tmp, 'READY'), '');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
    return dir;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The advisory lock (on the server's `postgres` database) under which one test process builds the template. */
const TEMPLATE_LOCK = 7341928;

/**
 * On a PostgreSQL server: the name of a migrated and seeded database (content only, as templateDir), built once per
 * server, day and version of the migrations and seed (a real cold start, as a first production start does), then
 * copied for every suite by createDatabase: migrating and seeding a new database for each of some sixty suite
 * servers was most of what the pg stage's PostgreSQL did. One process builds it under an advisory lock while the
 * others (files run in parallel) wait on that lock; it is built under another name and renamed once complete, so a
 * build that died leaves no half-made template behind.
 */
export async function templateDatabase(adminUrl: string): Promise<string> {
  const name = `t_template_${templateKey()}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-server-template-db-'));
    try {
      const app = await buildServer({
        logger: false,
        dataDir,
        databaseUrl: databaseUrlOf(adminUrl, building),
        seedAccounts: false,
        print: () => {},
      });
      await app.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    // Ending the session releases the lock.
    await admin.end();
  }
}

/**
 * A server as the test harnesses start it: dev routes, the local messaging-app stand-in and the test accounts on
 * (SITE_DEV_ENDPOINTS / SITE_WX_LOCAL / SITE_TEST_ACCOUNTS), unless opts say otherwise.
 */
export async function startTestServer(opts: ServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(SUITE_DATA_ROOT, 'site-server-test-'));
  if (!process.env.TEST_DATABASE_URL && !process.env.TEST_COLD_START) fs.cpSync(await templateDir(), dataDir, { recursive: true });
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const created = await createDatabase(adminUrl, process.env.TEST_COLD_START ? undefined : await templateDatabase(adminUrl));
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  const printed: string[] = [];
  const make = async (o: ServerOptions): Promise<TestServer> => {
    // The suites ask for SMS codes by plain calls: the captcha before a register code (issue 34.7) is off unless a
    // suite turns it on (suiteServer env SITE_SMS_CAPTCHA=1); the sendCode tests do.
    const smsCaptcha = process.env.SITE_SMS_CAPTCHA;
    process.env.SITE_SMS_CAPTCHA ??= '0';
    // The proof of work before a code and after a refused sign-in (lib/pow.ts) likewise: pow.test.ts turns it on.
    const pow = process.env.SITE_POW;
    process.env.SITE_POW ??= '0';
    const app = await buildServer({
      logger: false,
      devEndpoints: true,
      wxLocal: true,
      testAccounts: true,
      // app.inject and the suites' own requests come from loopback: their visit records count (issue 34.9).
      countLocalVisits: true,
      // The 访问统计 warmer counts at start and at midnight: visits.test.ts starts it where it is the subject.
      warmVisitRanges: false,
      // bcrypt's least cost: each server creates the test accounts (4 hashes) and the suites sign in at more than 150
      // places, at about 90 ms of CPU a hash or compare at the product's cost. system.test.ts checks the product's cost.
      passwordHashRounds: 4,
      print: (line) => {
        printed.push(line);
      },
      ...opts,
      ...o,
      dataDir,
      databaseUrl,
    }).finally(() => {
      if (smsCaptcha === undefined) delete process.env.SITE_SMS_CAPTCHA;
      if (pow === undefined) delete process.env.SITE_POW;
    });
    const ts: TestServer = {
      app,
      printed,
      dataDir,
      databaseUrl,
      async close() {
        await app.close();
        if (dropDb) await dropDb();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
      async restart(o2: ServerOptions = {}) {
        await app.close();
        return make(o2);
      },
    };
    return ts;
  };
  return make({});
}

/** The seeded test accounts (testAccounts on) by the name a suite gives their tokens: user name and password. */
const TEST_ACCOUNTS = {
  admin: ['admin', 'admin123'],
  editor: ['editor', 'editor123'],
  customer: ['13800138000', 'customer123'],
} as const;
export type TestAccount = keyof typeof TEST_ACCOUNTS;

/** The server of a test file (or of a describe block): a TestServer whose restart() keeps this same object current. */
export interface SuiteServer<A extends TestAccount = never> extends TestServer {
  /** The bearer token of each account signed in before the tests. */
  token: Record<A, string>;
  restart(opts?: ServerOptions): Promise<SuiteServer<A>>;
}

/**
 * Node 20 runs a file's top-level before hooks at the same time (those of a describe block one after another): the
 * suite servers of a file are started one after another, in the order they were declared, each by its own hook.
 */
let lastStart: Promise<void> = Promise.resolve();

/**
 * Registers the hooks of the surrounding file or describe block: before its tests, `prepare` (what the server needs
 * first), then a server on a fresh database (startTestServer with `server`), with the variables of `env` set while it
 * is built as an operator would set them, signed in as each of `signIn`, then `ready` (what the tests need of it);
 * after them, closed. The object is usable once the tests run.
 */
export function suiteServer<A extends TestAccount = never>({
  signIn = [],
  env = {},
  server = {},
  prepare,
  ready,
}: {
  signIn?: A[];
  env?: Record<string, string>;
  server?: ServerOptions;
  prepare?: () => Promise<void>;
  ready?: (s: SuiteServer<A>) => void | Promise<void>;
} = {}): SuiteServer<A> {
  let current: TestServer | undefined;
  const live = () => {
    if (!current) throw new Error('the suite server is started by its before hook: use it inside a test or hook');
    return current;
  };
  const token = {} as Record<A, string>;
  const previous = lastStart;
  let started!: () => void;
  lastStart = new Promise((resolve) => (started = resolve));
  before(async () => {
    try {
      await previous;
      await prepare?.();
      const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, env);
      try {
        current = await startTestServer(server);
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
      for (const a of signIn) {
        const [userName, password] = TEST_ACCOUNTS[a];
        token[a] = await login(current.app, userName, password);
      }
      await ready?.(suite);
    } finally {
      started();
    }
  });
  after(async () => {
    await current?.close();
  });
  const suite: SuiteServer<A> = {
    get app() {
      return live().app;
    },
    get printed() {
      return live().printed;
    },
    get dataDir() {
      return live().dataDir;
    },
    get databaseUrl() {
      return live().databaseUrl;
    },
    token,
    close: () => live().close(),
    async restart(opts?: ServerOptions) {
      current = await live().restart(opts);
      return suite;
    },
  };
  return suite;
}

let ipCounter = 1;
/**
 * A distinct client IP (X-Forwarded-For from the loopback proxy is trusted), so rate limits of one test do not leak
 * into another; each in a network (/24) of its own too, as the SMS codes' share is counted per network.
 */
export const freshIp = () => `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.${1 + ((ipCounter++ >> 16) & 127)}`;

export type TestResponse = Awaited<ReturnType<typeof req>>;

export async function req(app: FastifyInstance, o: InjectOptions & { token?: string; ip?: string }) {
  const headers = { ...(o.headers ?? {}) } as Record<string, string>;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  headers['x-forwarded-for'] = o.ip ?? headers['x-forwarded-for'] ?? freshIp();
  const { token: _t, ip: _i, ...rest } = o;
  const res = await app.inject({ ...rest, headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever JSON the route answered, and its assertions check the shape
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res };
}

export async function captcha(app: FastifyInstance): Promise<{ uuid: string; answer: string; img: string }> {
  const c = await req(app, { method: 'GET', url: '/captchaImage' });
  const a = await req(app, { method: 'GET', url: `/dev/captcha/${c.body.uuid}` });
  return { uuid: c.body.uuid, answer: a.body.data.answer, img: c.body.img };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const c = await captcha(app);
  const r = await req(app, { method: 'POST', url: '/login', payload: { username, password, code: c.answer, uuid: c.uuid } });
  if (r.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return r.body.token;
}

export async function sendSms(app: FastifyInstance, phone: string, purpose: 'login' | 'register' | 'reset' | 'phone' = 'login'): Promise<string> {
  const s = await req(app, { method: 'POST', url: `/bus/customer/sendCode?phone=${phone}&purpose=${purpose}` });
  if (s.body.code !== 200) throw new Error(`sendCode failed: ${JSON.stringify(s.body)}`);
  const o = await req(app, { method: 'GET', url: `/dev/sms-outbox?phone=${phone}` });
  return o.body.data.code;
}

let phoneCounter = 0;
/** A phone number not used by the seed. */
export const freshPhone = () => `137${String(Date.now() % 100000).padStart(5, '0')}${String(phoneCounter++ % 1000).padStart(3, '0')}`;

/** Minimal valid 1x1 PNG. */
export const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export function multipart(field: string, filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * assert.ok with an explicit message: without one, node's assert reads the (TypeScript) source to print the
 * expression, which can spin for minutes under tsx.
 */
export function ok(value: unknown, message?: string): asserts value {
  if (!value) throw new Error(`assertion failed: ${message ?? 'expected a truthy value'}`);
}

/**
 * The real server process (`tsx src/main.ts`) on a free port and the given data folder, with the environment given
 * (none of the SITE_* switches unless passed). `port` resolves once it prints its listening line.
 */
export function startProcess(dataDir: string, env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SITE_')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...clean, API_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const port = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 50);
    child.once('exit', () => {
      clearInterval(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, exited, output: () => output };
}
