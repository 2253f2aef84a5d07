/**
 * The API server: buildServer(options) for tests (use app.inject), startServer(options) to listen.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { migrate, openDatabase } from './db/index.js';
import { Cache, readCacheVersions, type AppContext, type ServerConfig } from './context.js';
import { BCRYPT_ROUNDS } from './lib/auth.js';
import { BizError, HttpError, isServiceUnavailable, MSG, UNAVAILABLE_RETRY_AFTER_S } from './lib/errors.js';
import { idempotency } from './lib/idempotency.js';
import { listenMetrics } from '@site/metrics-http';
import { createMetrics, UNMATCHED_ROUTE } from './lib/metrics.js';
import { checkReady, readyTimeoutMs } from './lib/readiness.js';
import { DEFAULT_RATE_LIMITS, rateLimitsFromEnv, type RateLimits } from './lib/ratelimit.js';
import { ChangeSignal } from './lib/change-signal.js';
import { DEFAULT_LEASE_MS, RENDER_CHANNEL } from './lib/render-outbox.js';
import { renderReads } from './lib/render-reads.js';
import { outboxSender, type SmsSender } from './lib/sms.js';
import { S3Storage, storageFromEnv, type ObjectStorage } from '@site/object-storage';
import { VisitWriter, visitCounts } from './lib/visits.js';
import { localWxProvider, weixinProvider, type WxProvider } from './lib/wx.js';
import { ensureAccounts } from './seed/accounts.js';
import { UPLOAD_MAX_BYTES } from '@site/contract';
import { applySecurityHeaders, parseOrigins, RAW_SECURITY_HEADERS } from './lib/headers.js';
import { chineseIssue, hasNul, issueField, NUL_MSG } from './lib/validate.js';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ensureMedia, seedDatabase } from './seed/index.js';
import contentRoutes from './routes/content.js';
import systemRoutes from './routes/system.js';
import accountRoutes from './routes/account.js';
import userRoutes from './routes/users.js';
import roleRoutes from './routes/roles.js';
import customerRoutes from './routes/customers.js';
import noticeRoutes from './routes/notices.js';
import messageRoutes from './routes/messages.js';
import articleRoutes from './routes/articles.js';
import articleHistoryRoutes from './routes/article-history.js';
import auditRoutes from './routes/audit.js';
import busRoutes from './routes/bus.js';
import wxRoutes from './routes/wx.js';
import devRoutes from './routes/dev.js';
import filesRoutes from './routes/files.js';
import channelRoutes from './routes/channels.js';
import blockRoutes from './routes/blocks.js';
import workbenchRoutes, { httpUrlOrEmpty } from './routes/workbench.js';
import visitRoutes from './routes/visits.js';
import fieldRoutes from './routes/field.js';
import { apiMinuteHook } from './lib/field-server.js';
import renderRoutes from './routes/render.js';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerOptions {
  /** Data folder (PGlite files, uploads, seeded media). Default env DATA_DIR or services/api-server/.data. */
  dataDir?: string;
  /** postgres://… to use a PostgreSQL server instead of PGlite. Default env DATABASE_URL. */
  databaseUrl?: string;
  /**
   * Fastify logger option. Default: JSON lines (pino) at env LOG_LEVEL, else `info`: one line per request (see
   * README, Request logs). The test harnesses pass false.
   */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /**
   * Serve the Prometheus metrics (lib/metrics.ts) on a server of their own on this port (0: any free port; the one
   * taken is `app.metricsPort`). Default: none; startServer passes env METRICS_PORT.
   */
  metricsPort?: number;
  /** The metrics server's address. Default env METRICS_HOST, else 127.0.0.1. */
  metricsHost?: string;
  /** How long each check of /ready may take (ms). Default env READY_TIMEOUT_MS, else 1000. */
  readyTimeoutMs?: number;
  /** The /dev/* routes (SMS outbox, captcha answers, ...). Default: env SITE_DEV_ENDPOINTS=1; test harnesses only. */
  devEndpoints?: boolean;
  /** The local messaging-app stand-in (/bus/wx/oauth2/local-authorize). Default: env SITE_WX_LOCAL=1; tests only. */
  wxLocal?: boolean;
  /** Create the test accounts (admin/admin123, editor/editor123, customers). Default: env SITE_TEST_ACCOUNTS=1. */
  testAccounts?: boolean;
  /** The first administrator's password on a database with no staff. Default: env SITE_ADMIN_PASSWORD, else random. */
  adminPassword?: string;
  /** Run the account set-up at start (seed/accounts.ts). Only the tests' shared template folder turns it off. */
  seedAccounts?: boolean;
  /** Where start-up notes and (without an SMS gateway) SMS codes are printed. Default: stdout. */
  print?: (line: string) => void;
  rateLimits?: Partial<RateLimits>;
  smsSender?: SmsSender;
  wxProvider?: WxProvider;
  wx?: Partial<ServerConfig['wx']>;
  /**
   * Where uploads and seeded media live. Default: from the environment (STORAGE_DRIVER=local, the default: the
   * folder DATA_DIR/files; STORAGE_DRIVER=s3 with S3_*: a bucket; see @site/object-storage).
   */
  storage?: ObjectStorage;
  /**
   * Addresses whose X-Forwarded-For/-Proto/-Host are believed (Fastify trustProxy). Default: env SITE_TRUSTED_PROXIES
   * (comma list), else the loopback addresses of the host's proxy.
   */
  trustProxy?: string[];
  /**
   * Count visit records sent from loopback and the trusted proxies (the site's own monitoring, docs/decisions/0010; lib/visits.ts
   * visitCounts). Default: env SITE_VISIT_COUNT_LOCAL=1; test harnesses only (their browsers run on loopback).
   */
  countLocalVisits?: boolean;
  /**
   * Count 访问统计's preset ranges (近 7/30/90/365 天) at start and as each day closes, so the day's first read finds
   * them kept. Default on; the unit test harness turns it off (its servers start by the dozen on tiny data).
   */
  warmVisitRanges?: boolean;
  /** Origins of the parent portals that may frame the server's HTML pages. Default env PORTAL_ORIGINS (comma list). */
  portalOrigins?: string[];
  /** The customer-service page of the support link (http/https). Default env SUPPORT_URL, else config site.supportUrl. */
  supportUrl?: string;
  /**
   * The page renderer's secret (header x-render-token of the /internal/render/* routes, routes/render.ts). Default env
   * SITE_RENDER_HOOK_TOKEN; unset or '' = no render feed: content writes record no changes and those routes do not exist.
   */
  renderToken?: string;
  /** How long a renderer's lease lasts without renewal (ms). Default env SITE_RENDER_LEASE_MS, else 3000 (DEFAULT_RENDER_LEASE_MS). */
  renderLeaseMs?: number;
  /**
   * The bcrypt cost of the password hashes the server makes (accounts created, passwords set or reset). Default and
   * production: BCRYPT_ROUNDS (10); no environment variable sets it. The unit test harness passes 4, bcrypt's least:
   * its servers start by the dozen, each creating the test accounts, and every sign-in compares at the stored cost.
   */
  passwordHashRounds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered (method and URL pattern): the permission test walks the /system/* ones. */
    routeList: { method: string; url: string }[];
    /** The port the metrics server listens on; undefined when it is off. */
    metricsPort: number | undefined;
  }
}

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR ?? path.join(SERVER_DIR, '.data'));
  const filesDir = path.join(dataDir, 'files');
  const storage = options.storage ?? storageFromEnv(process.env, filesDir);
  const databaseUrl = options.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const portalOrigins = parseOrigins(options.portalOrigins ?? process.env.PORTAL_ORIGINS);
  const trustProxy = options.trustProxy ?? trustedProxies(process.env.SITE_TRUSTED_PROXIES);
  const print = options.print ?? ((line: string) => console.log(line));
  const renderConfig = {
    token: (options.renderToken ?? process.env.SITE_RENDER_HOOK_TOKEN ?? '').trim(),
    leaseMs: renderLeaseMs(options.renderLeaseMs ?? process.env.SITE_RENDER_LEASE_MS),
  };
  const readyTimeout = readyTimeoutMs(options.readyTimeoutMs ?? process.env.READY_TIMEOUT_MS);
  const passwordHashRounds = options.passwordHashRounds ?? BCRYPT_ROUNDS;
  if (!Number.isInteger(passwordHashRounds) || passwordHashRounds < 4 || passwordHashRounds > 31)
    throw new Error(`passwordHashRounds must be a whole number from 4 to 31 (bcrypt's cost), not ${passwordHashRounds}`);
  // The page renderer's page reads (/internal/render/reads/api/…): the /api/… routes, a turn at a time.
  const rendererReads = renderReads();

  const app = Fastify({
    logger: options.logger ?? { level: process.env.LOG_LEVEL || 'info', ...logFormat(process.env.LOG_FORMAT, process.stdout) },
    // One line per request, written by the onResponse hook below (Fastify's own are two, without the route).
    logController: new LogController({ disableRequestLogging: true }),
    // The request id: the front door's X-Request-Id when it is a plain token, else a new UUID; echoed in the answer.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const body = JSON.stringify({ code: 400, msg: MSG.badRequest });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${RAW_SECURITY_HEADERS}Connection: close\r\n\r\n${body}`,
      );
    },
    trustProxy,
    // A malformed URL (bad percent-encoding) or an overlong path parameter: the usual {code, msg} answer.
    // (These answers skip the onSend hooks, so the security headers are set here.)
    frameworkErrors: (err, req, reply) => {
      const status: 400 | 414 = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const r = reply as unknown as FastifyReply;
      applySecurityHeaders(req, r, portalOrigins);
      void r.code(status).send({ code: status, msg: status === 414 ? '请求地址过长' : MSG.badRequest });
    },
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    rewriteUrl: rendererReads.rewriteUrl,
  });

  // Node hands CONNECT (a forward-proxy tunnel request) to a 'connect' listener or drops the socket: the API is no
  // forward proxy, and the caller gets a status rather than a cut connection.
  app.server.on('connect', (_req, socket) => {
    socket.on('error', () => undefined);
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, POST, PUT, DELETE\r\nContent-Length: 0\r\n${RAW_SECURITY_HEADERS}Connection: close\r\n\r\n`,
    );
  });

  const log = (m: string) => app.log.info(m);
  const database = await openDatabase({ databaseUrl, dataDir });
  let sizes: Map<string, number>;
  try {
    sizes = await ensureMedia(storage);
    const seeded = sizes;
    await database.withInitLock(async () => {
      await migrate(database, log);
      await seedDatabase(database.db, seeded, log);
      if (options.seedAccounts !== false) {
        await ensureAccounts(
          database.db,
          {
            testAccounts: options.testAccounts ?? process.env.SITE_TEST_ACCOUNTS === '1',
            adminPassword: options.adminPassword ?? (process.env.SITE_ADMIN_PASSWORD || undefined),
            passwordHashRounds,
          },
          print,
        );
      }
    });
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }

  // Messaging-app sign-in: a real app (id + secret, or a provider passed in) wins; else the local stand-in when
  // SITE_WX_LOCAL=1; else it is off (the config key sys.account.wxLogin answers 'false').
  const appId = options.wx?.appId ?? process.env.WX_APP_ID ?? '';
  const appSecret = process.env.WX_APP_SECRET ?? '';
  const realWx = !!appId && (!!options.wxProvider || !!appSecret);
  const wxLocal = !realWx && (options.wxLocal ?? process.env.SITE_WX_LOCAL === '1');
  const config: ServerConfig = {
    dataDir,
    filesDir,
    databaseUrl,
    devEndpoints: options.devEndpoints ?? process.env.SITE_DEV_ENDPOINTS === '1',
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...rateLimitsFromEnv(), ...options.rateLimits },
    wx: {
      enabled: realWx || wxLocal,
      local: wxLocal,
      authorizeUrl:
        options.wx?.authorizeUrl ??
        (wxLocal ? '/bus/wx/oauth2/local-authorize' : (process.env.WX_AUTHORIZE_URL ?? 'https://open.weixin.qq.com/connect/oauth2/authorize')),
      appId: wxLocal ? 'wx-local-dev' : appId,
      callbackUrl: options.wx?.callbackUrl ?? process.env.WX_CALLBACK_URL ?? '/bus/wx/oauth2/callbackurl',
      frontendRedirect: options.wx?.frontendRedirect ?? process.env.WX_FRONTEND_REDIRECT ?? '/wxauth',
    },
    supportUrl: httpUrlOrEmpty(options.supportUrl ?? process.env.SUPPORT_URL),
    render: renderConfig,
    warmVisitRanges: options.warmVisitRanges ?? true,
    passwordHashRounds,
  };
  const db = database.db;
  const ctx: AppContext = {
    database,
    db,
    config,
    sms: options.smsSender ?? outboxSender(db, print),
    wx: options.wxProvider ?? (realWx ? weixinProvider(appId, appSecret) : localWxProvider(db)),
    storage,
    visits: new VisitWriter(
      db,
      () => config.rateLimits.visit,
      visitCounts({ trustedProxies: trustProxy, countLocal: options.countLocalVisits ?? process.env.SITE_VISIT_COUNT_LOCAL === '1' }),
    ),
    cache: new Cache(() => readCacheVersions(db)),
    renderSignal: new ChangeSignal(),
  };
  app.decorate('ctx', ctx);

  // Request ids, request logs and metrics.
  const metrics = createMetrics(database, readyTimeout, options.metricsPort !== undefined);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onRequest', rendererReads.onRequest);
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    // The path without its query: RuoYi calls may carry a phone number or an SMS code there.
    const line = { method: req.method, url: req.url.split('?')[0], route, status: reply.statusCode, ms: Math.round(reply.elapsedTime), ip: req.ip };
    // The front door's checks call these every second or two, and the page renderer's lease renewals and change-feed
    // polls (routes/render.ts) several times a second, idle or not: kept out of the info log (still counted above).
    if (route === '/health' || route === '/ready' || route.startsWith('/internal/render/')) req.log.debug(line, 'request');
    else req.log.info(line, 'request');
  });
  // Requests per minute into the database for 站点监控 (lib/field-server.ts).
  app.addHook('onResponse', apiMinuteHook(ctx));
  // Writes with an Idempotency-Key are done once.
  idempotency(app, db, database.keyLocks, (err, msg) => app.log.error({ err }, msg));
  // Every route declares its request (and answer) schemas with zod (`app.withTypeProvider<ZodTypeProvider>()`); a
  // request that fails one gets the Chinese 400 answer of the error handler below, naming the field. A request
  // without a body (Fastify hands the validator null) is validated as {}, like an empty JSON body: the answer then
  // names the first missing field rather than the body as a whole.
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data) => validate(data ?? {}) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);

  // JSON: an empty body is {}; prototype keys are dropped; a bad body is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (k, v) => (k === '__proto__' || k === 'constructor' ? undefined : v)),
      );
    } catch {
      done(new HttpError(400, '请求体不是有效的 JSON'), undefined);
    }
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  app.addHook('onSend', async (req, reply, payload) => {
    applySecurityHeaders(req, reply, portalOrigins);
    return payload;
  });
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) throw new HttpError(400, NUL_MSG);
  });

  app.setErrorHandler((err: FastifyError | HttpError | BizError, req, reply) => {
    if (err instanceof BizError) return reply.code(200).send({ code: err.code, msg: err.message });
    if (err instanceof HttpError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return reply.code(err.statusCode).send({
        code: err.statusCode,
        msg: err.message,
        ...(err.field ? { field: err.field } : {}),
        ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
      });
    }
    // PostgreSQL (or another server the call needs) cannot be reached: a 503 the caller may retry, never a 500.
    if (isServiceUnavailable(err)) {
      req.log.warn({ err }, 'service unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.code(503).send({ code: 503, msg: MSG.unavailable, retryAfter: UNAVAILABLE_RETRY_AFTER_S });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const v = err.validation[0];
      const issue = { ...v.params, code: v.keyword, message: v.message, path: v.instancePath.split('/').filter(Boolean) } as z.core.$ZodIssue;
      const field = issueField(issue);
      return reply.code(400).send({ code: 400, msg: chineseIssue(issue), ...(field ? { field } : {}) });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(400).send({ code: 400, msg: '图片大小限制 2MB!' });
    if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ code: 413, msg: MSG.tooLarge });
    if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ code: 415, msg: '不支持的请求内容类型' });
    if (status >= 400 && status < 500) return reply.code(status).send({ code: status, msg: status === 404 ? MSG.notFound : MSG.badRequest });
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: 500, msg: MSG.unknown });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ code: 404, msg: MSG.notFound }));

  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method, url: r.url });
  });
  // Liveness: the process answers (nothing else is looked at). Readiness: the database and the storage answer in time.
  app.get('/health', async () => ({ status: 'ok', db: database.kind === 'pglite' ? 'pglite' : 'postgres' }));
  const probeKey = sizes.keys().next().value;
  app.get('/ready', async (_req, reply) => {
    const answer = await checkReady(database, storage, probeKey, readyTimeout);
    for (const name of answer.failed ?? []) metrics.readyFailed(name);
    reply.header('cache-control', 'no-store');
    return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
  });
  await app.register(async (a) => contentRoutes(a, ctx));
  await app.register(async (a) => accountRoutes(a, ctx));
  await app.register(async (a) => systemRoutes(a, ctx));
  await app.register(async (a) => userRoutes(a, ctx));
  await app.register(async (a) => roleRoutes(a, ctx));
  await app.register(async (a) => customerRoutes(a, ctx));
  await app.register(async (a) => noticeRoutes(a, ctx));
  await app.register(async (a) => messageRoutes(a, ctx));
  await app.register(async (a) => articleRoutes(a, ctx));
  await app.register(async (a) => articleHistoryRoutes(a, ctx));
  await app.register(async (a) => auditRoutes(a, ctx));
  await app.register(async (a) => busRoutes(a, ctx));
  await app.register(async (a) => wxRoutes(a, ctx));
  await app.register(async (a) => filesRoutes(a, ctx));
  await app.register(async (a) => channelRoutes(a, ctx));
  await app.register(async (a) => blockRoutes(a, ctx));
  await app.register(async (a) => visitRoutes(a, ctx));
  await app.register(async (a) => fieldRoutes(a, ctx));
  await app.register(async (a) => devRoutes(a, ctx));
  await app.register(async (a) => workbenchRoutes(a, ctx));
  // The render feed's long polls wake when an outbox row commits (lib/render-outbox.ts).
  const unlisten = renderConfig.token ? await database.listen(RENDER_CHANNEL, () => ctx.renderSignal.notify()) : async () => undefined;
  await app.register(async (a) => renderRoutes(a, ctx));
  await app.register(async (a) => (await import('./lib/canary-figures.js')).default(a, ctx)); // a canary's figures for the renderer
  // Before the server waits for the requests under way: a held poll answers now instead of holding the close.
  app.addHook('preClose', async () => ctx.renderSignal.close());

  app.decorate('metricsPort', undefined);
  if (options.metricsPort !== undefined) {
    const served = await listenMetrics(metrics.registry, options.metricsPort, options.metricsHost ?? (process.env.METRICS_HOST || '127.0.0.1'));
    app.metricsPort = served.port;
    app.addHook('onClose', async () => served.close());
  }

  app.addHook('onClose', async () => {
    await unlisten();
    const started = Date.now();
    await database.close();
    if (storage instanceof S3Storage) storage.client.destroy();
    console.log(`closed: database closed in ${Date.now() - started} ms`);
  });
  return app;
}

/** SITE_RENDER_LEASE_MS as milliseconds: default 3000 (the contract's DEFAULT_RENDER_LEASE_MS); anything but a whole number from 1000 stops the start. */
/**
 * LOG_FORMAT: `json` (pino's lines, for journald and log shippers), `pretty` (one short line a record, for a person
 * at a terminal), unset: pretty when stdout is a terminal (`npm start`), JSON otherwise (systemd, files, pipes). The
 * pretty lines are made here from pino's own: no dependency, and the JSON records stay the single source.
 */
export function logFormat(
  value: string | undefined,
  out: { isTTY?: boolean; write(s: string): unknown },
): { stream?: { write(line: string): void } } {
  const format = (value ?? '').trim();
  if (format && format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty: ${format}`);
  if (format === 'json' || (!format && !out.isTTY)) return {};
  return { stream: { write: (line: string) => void out.write(prettyLogLine(line)) } };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One of pino's JSON lines as `HH:MM:SS LEVEL message key=value …` (a request: method, path, status, time). */
export function prettyLogLine(line: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const { level, time, msg, pid: _pid, hostname: _host, reqId, err, ...rest } = rec;
  const at = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
  const head = `${at} ${(LEVELS[Number(level)] ?? String(level)).padEnd(5)}`;
  let text: string;
  if (msg === 'request' && typeof rest.method === 'string') {
    const { method, url, status, ms, ip, route: _route, ...more } = rest;
    text = `${String(method)} ${String(url)} ${String(status)} ${String(ms)} ms ${String(ip ?? '')}${fields(more)}`;
  } else text = `${String(msg ?? '')}${fields(rest)}`;
  const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String((err as { stack: unknown }).stack)}` : '';
  return `${head} ${text}${reqId ? ` [${String(reqId)}]` : ''}${stack}\n`;
}

const fields = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('');

export function renderLeaseMs(value: number | string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_LEASE_MS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1000) throw new Error(`SITE_RENDER_LEASE_MS must be a whole number of milliseconds from 1000: ${value}`);
  return n;
}

/** A request id from X-Request-Id when it is a plain token (letters, digits, `.:_@-`, up to 128), else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:@-]{1,128}$/.test(value) ? value : crypto.randomUUID();
}

/** METRICS_PORT as a port number; unset or '' = no metrics server; anything else stops the start. */
export function metricsPortOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`METRICS_PORT must be a port number: ${value}`);
  return n;
}

/** SITE_TRUSTED_PROXIES as a list; default the loopback addresses (the host's proxy runs on this machine). */
export function trustedProxies(env: string | undefined): string[] {
  const list = (env ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return list.length ? list : ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
}

/** Builds the server and listens on API_HOST:API_PORT; graceful shutdown on SIGINT/SIGTERM. */
export async function startServer(options: ServerOptions & { port?: number; host?: string } = {}) {
  const app = await buildServer({ ...options, metricsPort: options.metricsPort ?? metricsPortOf(process.env.METRICS_PORT) });
  const port = options.port ?? Number(process.env.API_PORT || 3000);
  const host = options.host ?? process.env.API_HOST ?? '127.0.0.1';
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    const started = Date.now();
    // Which step a shutdown that overran was in: the log then says what held it.
    let step = 'waiting for open requests';
    // Open requests get 5 s to finish; then their connections are cut, so that the database is still closed cleanly
    // (every answered request's writes are committed already; a forced exit only loses the requests still open).
    const cut = setTimeout(() => {
      console.warn('requests still open after 5 s: closing their connections');
      app.server.closeAllConnections();
    }, 5_000);
    cut.unref();
    app.server.once('close', () => {
      clearTimeout(cut);
      step = `closing the database (requests done after ${Date.now() - started} ms)`;
    });
    const force = setTimeout(() => {
      console.error(`shutdown still ${step} after 10 s: exiting with 1`);
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  // Installed before listening: a signal that arrives the moment the port is announced is a graceful stop too.
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port, host });
  const addr = app.server.address();
  const realPort = typeof addr === 'object' && addr ? addr.port : port;
  console.log(
    `API server listening on http://${host.includes(':') ? `[${host}]` : host}:${realPort} (${app.ctx.database.kind}, data ${app.ctx.config.dataDir})`,
  );
  const metricsHost = options.metricsHost ?? (process.env.METRICS_HOST || '127.0.0.1');
  console.log(
    app.metricsPort === undefined
      ? 'metrics off (METRICS_PORT unset; production sets it, see the README)'
      : `metrics on http://${metricsHost.includes(':') ? `[${metricsHost}]` : metricsHost}:${app.metricsPort}/metrics`,
  );
  return app;
}
