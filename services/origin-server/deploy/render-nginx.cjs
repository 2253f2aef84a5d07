#!/usr/bin/env node
/**
 * Writes the nginx configuration of the site (deploy/site.conf.template filled in) from the same environment
 * variables as serve.cjs: the app ports and folders, REMOTES_FILE or SITE_DEPLOY_DIR, PORTAL_ORIGINS, AD_SCRIPT_URL,
 * API_UPSTREAMS, RENDER_OUT_DIR, RENDER_PORT (the renderer that renders /search), STORAGE_DRIVER and the S3_* settings; and NGINX_LISTEN (address, default 0.0.0.0), NGINX_MAX_FAILS (1),
 * NGINX_FAIL_TIMEOUT (1s), NGINX_INTERNAL_PORT (none; the renderer's balanced way to the API, on 127.0.0.1),
 * NGINX_BROTLI_STATIC (on when Debian's libnginx-mod-http-brotli-static is installed), NGINX_CACHE_DIR
 * (/var/lib/nginx/site-cache), NGINX_ACCESS_LOG (/var/log/nginx/site-access.log, with each request's id; off) and
 * NGINX_PAGE_CACHE_VALID (1s): with a shared storage, the pages and the remotes file
 * nginx read from the bucket are kept there and served while the bucket is away.
 * The app's routes come from the renderer's index.json: run it again after the first render and after each release
 * (the page policy lists the remotes' origins), then `nginx -s reload`. With a shared storage (STORAGE_DRIVER=s3) the
 * rendered pages (each as the .br or .gz beside it that the visitor takes), sitemap.xml, robots.txt and /remotes.json
 * are read from the bucket (its `site/` keys, readable without credentials) by proxy_pass, and index.json and the
 * remotes file are read from there to write the file; there nginx also applies a canary release's rule (canary.cjs;
 * `canaryMaps` below), reading the canary from the bucket.
 *
 *   node services/origin-server/deploy/render-nginx.cjs > /etc/nginx/conf.d/site.conf
 */
const fs = require('fs');
const path = require('path');
const { API_PATHS } = require('@site/build-config/site');
const { siteEnv, defaultRemotes } = require('../src/site-env.cjs');
const { baselineHeaders, HASHED } = require('../src/static-server.cjs');
const { BUCKET_COOKIE, BUCKET_MAX_AGE_S, CANARY_RENDERED_PREFIX, NGINX_CANARY_KEY, readStored } = require('@site/releases');

const TEMPLATE = path.join(__dirname, 'site.conf.template');
const { FILE: PAGE_FILES } = require('./page-files.cjs');
/** Debian's libnginx-mod-http-brotli-static (its conf in /etc/nginx/modules-enabled loads it). */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value inside an nginx string: nginx has no way to write a literal `$` there, so none may appear. */
function quoted(value, quote) {
  if (value.includes('$')) throw new Error(`[nginx] a "$" cannot be written into nginx's configuration: ${value}`);
  return value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`);
}

/** `/news` -> `~*^/news/*$`, `/account/*` -> `~*^/account(/.*)?$`: matched as rendered-pages.cjs `known` does. */
function routeRegex(route) {
  if (route.endsWith('/*')) return `"~*^${escapeRegex(route.slice(0, -2).replace(/\/+$/, ''))}(/.*)?$"`;
  return `"~*^${escapeRegex(route.replace(/\/+$/, ''))}/*$"`;
}

function readRenderIndex(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  } catch {
    return null;
  }
}

async function readStoredIndex(shared) {
  try {
    const stored = await readStored(shared.storage, `${shared.renderedPrefix}index.json`);
    return stored ? JSON.parse(stored.bytes.toString('utf8')) : null;
  } catch {
    return null;
  }
}

/**
 * Where nginx reads the site's public keys: the bucket path-style on the service's address (AWS's regional one
 * without S3_ENDPOINT), without the visitor's credentials or cookies, the service's own headers hidden. A key the
 * bucket has not (403 or 404 from a bucket that hides which) goes to `fallback`. Services compress nothing: nginx
 * gzips what is stored plain (sitemap, robots, the remotes file, a page without copies); a page's precompressed copy
 * carries its own Content-Encoding (`codedPage`), which gzip leaves alone.
 */
function storageLocation(shared, env, keyExpr, fallback, unavailable = fallback, cacheValid = '1s', cacheKey = null, status = '') {
  return [
    // A key of its own where one visitor's URL may be read from two objects (the canary's and the live one).
    ...(cacheKey ? [`        proxy_cache_key "storage:${cacheKey}";`] : []),
    `        proxy_pass ${storageOrigin(shared, env).scheme}://site_storage/${shared.bucket}/${keyExpr};`,
    '        proxy_http_version 1.1;',
    '        proxy_set_header Connection "";',
    `        proxy_set_header Host ${storageOrigin(shared, env).host};`,
    '        proxy_set_header Authorization "";',
    '        proxy_set_header Cookie "";',
    ...['x-amz-request-id', 'x-amz-id-2', 'Set-Cookie', 'Cache-Control'].map((h) => `        proxy_hide_header ${h};`),
    ...(storageOrigin(shared, env).scheme === 'https'
      ? ['        proxy_ssl_server_name on;', `        proxy_ssl_name ${storageOrigin(shared, env).hostname};`]
      : []),
    // Kept for NGINX_PAGE_CACHE_VALID, then refreshed in the background while the kept copy answers; served as long
    // as the bucket is away (error, timeout, 5xx). The visitor's request never waits on a bucket that is down for a
    // page nginx has read before; one it never read answers `unavailable` (the app renders it in the browser).
    '        proxy_cache site_pages;',
    `        proxy_cache_valid 200 403 404 ${cacheValid};`,
    '        proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;',
    '        proxy_cache_background_update on;',
    '        proxy_cache_lock on;',
    '        proxy_cache_revalidate on;',
    '        proxy_ignore_headers Cache-Control Expires Set-Cookie;',
    '        proxy_connect_timeout 2s;',
    '        proxy_read_timeout 10s;',
    '        proxy_intercept_errors on;',
    // `=`: the fallback's own status; `=404` (a not-found page): the 404 stays whatever the fallback answers.
    `        error_page 403 404 =${status} ${fallback};`,
    `        error_page 500 502 503 504 =${status} ${unavailable};`,
    '        gzip on;',
    '        gzip_types application/json application/xml text/plain;',
  ].join('\n');
}

function storageOrigin(shared, env) {
  const url = new URL(shared.endpoint || `https://s3.${(env.S3_REGION || 'us-east-1').trim()}.amazonaws.com`);
  const scheme = url.protocol.replace(':', '');
  return { scheme, host: url.host, hostname: url.hostname, port: url.port || (scheme === 'https' ? '443' : '80') };
}

/**
 * Which of a page's stored keys a visitor gets (the page renderer puts `<page>.br` and `<page>.gz` beside each page,
 * stored with the page's type and their Content-Encoding, output.ts publishOutput): brotli when the visitor takes it,
 * else gzip, else the page itself, as brotli_static and gzip_static choose a folder's files. A coding the visitor
 * refuses (`br;q=0`) is not taken. Written with String.raw: the backslashes are the regular expressions'.
 */
const PAGE_CODING_MAP = String.raw`# The precompressed copy of a page the visitor takes (the renderer's .br and .gz beside each page in the bucket).
map $http_accept_encoding $site_page_coding {
    "~*(^|,)\s*br\s*(;\s*q\s*=\s*(?!0(\.0{0,3})?\s*(,|$))[0-9.]+\s*)?(,|$)" ".br";
    "~*(^|,)\s*(x-)?gzip\s*(;\s*q\s*=\s*(?!0(\.0{0,3})?\s*(,|$))[0-9.]+\s*)?(,|$)" ".gz";
    default "";
}`;

/**
 * A rendered page from the bucket, its precompressed key first (`$site_page_coding`, the bucket's object answers
 * its own Content-Encoding and type, so nginx passes it on as it is and gzips nothing); a key the bucket has not (a
 * page published before the renderer put copies) goes to `plain`, the page's own key (`plainPage` below), and from
 * there to the fallback. The answer varies by the visitor's Accept-Encoding whichever key answers it. The cache key
 * names the key read: a brotli visitor never gets a copy kept for a plain one.
 */
function codedPage(shared, env, key, plain, unavailable, cacheValid, status = '') {
  return [
    // Said here for every answer; gzip_vary would say it a second time for a page it gzips.
    '        add_header Vary Accept-Encoding always;',
    '        gzip_vary off;',
    storageLocation(shared, env, `${key}$site_page_coding`, plain, unavailable, cacheValid, `${key}$site_page_coding`, status),
  ].join('\n');
}

/** The named location of a page's own key (the plain page), with the headers of the location it stands in for. */
function plainPage(name, headers, shared, env, key, fallback, unavailable, cacheValid, status = '') {
  return `    location ${name} {
        add_header Cache-Control "no-cache" always;
${headers}
        add_header Vary Accept-Encoding always;
        gzip_vary off;
${storageLocation(shared, env, key, fallback, unavailable, cacheValid, key, status)}
    }`;
}

/**
 * A canary release at the front door (canary.cjs's rule): the visitor's bucket is its `site_bucket`
 * cookie (0-99), else a new one from nginx's request id (split_clients, 1 % each), sent back in Set-Cookie as the
 * host origin sends it. The canary's percent is the bucket's: the parameter `canary-percent` of the content type of
 * `site/remotes.canary-variant.json` (remote.cjs keeps it while a canary is open), read by an auth_request
 * subrequest. A visitor is in the canary when bucket < percent (one regex per percent below); its `/remotes.json` is
 * that object, its pages the canary's output first.
 */
function canaryMaps(shared) {
  const buckets = Array.from({ length: 100 }, (_, b) => b);
  const percents = buckets.slice(1);
  return `# A canary release (canary.cjs): the visitor's bucket, its cookie for a new visitor, its side.
map $cookie_${BUCKET_COOKIE} $site_bucket_cookie {
    "~^0?(?<b>[0-9])$" $b;
    "~^(?<b>[1-9][0-9])$" $b;
    default "";
}
split_clients "\${request_id}" $site_bucket_new {
${buckets.map((b) => `    1% ${b};`).join('\n')}
}
map $site_bucket_cookie $site_bucket {
    "" $site_bucket_new;
    default $site_bucket_cookie;
}
map $site_bucket_cookie $site_bucket_set_cookie {
    "" "${BUCKET_COOKIE}=$site_bucket_new; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax";
    default "";
}
map $site_canary_state $site_canary_percent {
    "~(^|;) *canary-percent=(?<p>[1-9][0-9]?) *(;|$)" $p;
    default "";
}
map "$site_bucket:$site_canary_percent" $site_canary_visitor {
    default 0;
${percents.map((p) => `    "~^(${buckets.slice(0, p).join('|')}):${p}$" 1;`).join('\n')}
}
map $site_canary_visitor $site_remotes_key {
    1 "${NGINX_CANARY_KEY}";
    default "${shared.remotesKey}";
}
map $site_canary_visitor $site_remotes_fallback {
    1 @site_live_remotes;
    default @site_default_remotes;
}
map $site_canary_visitor $site_page_prefix {
    1 "${CANARY_RENDERED_PREFIX}";
    default "${shared.renderedPrefix}";
}
map $site_canary_visitor $site_page_fallback {
    1 @site_live_page;
    default @site_app;
}
map $site_canary_visitor $site_home_fallback {
    1 @site_live_home;
    default @site_app;
}`;
}

/** A new visitor's bucket cookie, and the answer varies by the cookie (as the host origin's). */
const CANARY_HEADERS = `        add_header Set-Cookie $site_bucket_set_cookie;
        add_header Vary Cookie always;`;
/** The canary's state read before the answer is chosen, then the headers. */
const CANARY_ACCESS = `        auth_request /.site-canary-state;
        auth_request_set $site_canary_state $upstream_http_content_type;
${CANARY_HEADERS}`;

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ conf: string, warnings: string[] }>}
 */
async function renderNginx(env = process.env) {
  const site = siteEnv(env);
  // The page policy as origin.cjs sends it, computed from the same environment (and the same stored remotes file).
  const saved = process.env;
  process.env = { ...env };
  let origin;
  try {
    delete require.cache[require.resolve('../src/origin.cjs')];
    origin = require('../src/origin.cjs');
  } finally {
    process.env = saved;
  }
  const shared = await origin.loadStoredRemotes();
  const hostCsp = origin.hostHtmlHeaders()['content-security-policy'];
  let index;
  try {
    index = shared ? await readStoredIndex(shared) : readRenderIndex(site.renderDir);
  } finally {
    shared?.storage.client?.destroy();
  }
  const warnings = [];
  const listen = env.NGINX_LISTEN || '0.0.0.0';
  const maxFails = Number(env.NGINX_MAX_FAILS || 1);
  const failTimeout = env.NGINX_FAIL_TIMEOUT || '1s';
  const brotli = (env.NGINX_BROTLI_STATIC || (fs.existsSync(BROTLI_MODULE) ? 'on' : 'off')).trim();
  if (!['on', 'off'].includes(brotli)) throw new Error(`[nginx] NGINX_BROTLI_STATIC is "${brotli}": on or off`);
  if (brotli === 'off')
    warnings.push(
      `[nginx] no ${BROTLI_MODULE}: the .br files of the folders nginx serves are not served (gzip_static only; pages from a bucket are); apt-get install libnginx-mod-http-brotli-static, then render again`,
    );
  const cacheDir = env.NGINX_CACHE_DIR || '/var/lib/nginx/site-cache';
  const cacheValid = env.NGINX_PAGE_CACHE_VALID || '1s';
  const accessLog = (env.NGINX_ACCESS_LOG || '/var/log/nginx/site-access.log').trim();
  if (!/^(off|\/[^\s;{}'"$]+)$/.test(accessLog)) throw new Error(`[nginx] NGINX_ACCESS_LOG is "${accessLog}": an absolute path, or off`);
  if (!/^\d+(ms|s|m)?$/.test(cacheValid)) throw new Error(`[nginx] NGINX_PAGE_CACHE_VALID is "${cacheValid}": a time such as 1s`);
  const baseline = baselineHeaders(site.portalOrigins);
  if (!index)
    warnings.push(
      `[nginx] no ${shared ? `${shared.renderedPrefix}index.json in the bucket ${shared.bucket}` : path.join(site.renderDir, 'index.json')} yet: every path is the app until it is rendered again after the first render`,
    );

  const header = (name, value) => `        add_header ${name} "${quoted(value, '"')}" always;`;
  const hostHeaders = [
    header('X-Content-Type-Options', baseline['x-content-type-options']),
    header('Referrer-Policy', baseline['referrer-policy']),
    '        add_header Content-Security-Policy $site_host_csp always;',
  ].join('\n');
  const values = {
    API_PROXY: apiProxy(apiTries(site.apiUpstreams, maxFails)),
    BROTLI_STATIC: brotli === 'on' ? '    brotli_static on;' : '',
    PAGE_CACHE: shared
      ? `# Pages and the remotes file read from the bucket, kept for when it is away (NGINX_CACHE_DIR, NGINX_PAGE_CACHE_VALID).
proxy_cache_path ${cacheDir} levels=1:2 keys_zone=site_pages:10m max_size=1g inactive=30d use_temp_path=off;`
      : '',
    API_SERVERS: apiServers(site.apiUpstreams, maxFails, failTimeout),
    API_TRIES: String(apiTries(site.apiUpstreams, maxFails)),
    API_PATH_ALTERNATION: API_PATHS.map((p) => escapeRegex(p.replace(/^\//, ''))).join('|'),
    HOST_HTML_CSP: quoted(hostCsp, '"'),
    BASELINE_CSP: quoted(baseline['content-security-policy'], '"'),
    LISTEN: listen,
    ACCESS_LOG: accessLog === 'off' ? 'off' : `${accessLog} site_request`,
    HOST_PORT: String(site.host.port),
    HOST_ROOT: site.host.root,
    STORAGE_UPSTREAM: shared
      ? `# The shared storage (STORAGE_DRIVER=s3): the rendered pages and the remotes file are read from its bucket.
upstream site_storage {
    server ${storageOrigin(shared, env).hostname.includes(':') ? `[${storageOrigin(shared, env).hostname}]` : storageOrigin(shared, env).hostname}:${storageOrigin(shared, env).port};
    keepalive 8;
}
${PAGE_CODING_MAP}
${shared ? canaryMaps(shared) : ''}`
      : '',
    // A fallback from the storage's 404 may itself answer 404 (an unknown path): a second error_page.
    STORAGE_SERVER: shared ? '    recursive_error_pages on;' : '',
    RENDERED_FILE: shared
      ? storageLocation(shared, env, `${shared.renderedPrefix.replace(/\/$/, '')}$uri`, '@site_file', '@site_file', cacheValid)
      : `        root ${site.renderDir};\n        try_files $uri @site_file;`,
    // With a shared storage, a canary visitor's page is first looked for in the canary's output, then the live one.
    RENDERED_PAGE: shared
      ? `${CANARY_ACCESS}\n${codedPage(shared, env, '${site_page_prefix}pages$site_page_key$site_rendered_suffix', '@site_page_plain', '@site_app_unrendered', cacheValid)}`
      : `        root ${site.renderDir}/pages;\n        try_files $uri$site_rendered_suffix @site_app;`,
    RENDERED_HOME: shared
      ? `${CANARY_ACCESS}\n${codedPage(shared, env, '${site_page_prefix}pages/index$site_rendered_suffix', '@site_home_plain', '@site_app_unrendered', cacheValid)}`
      : `        root ${site.renderDir}/pages;\n        try_files /index$site_rendered_suffix @site_app;`,
    NOT_FOUND_PAGE: shared
      ? codedPage(
          shared,
          env,
          `${shared.renderedPrefix}pages$site_not_found_file`,
          '@site_not_found_plain',
          '@site_not_found_shell',
          cacheValid,
          '404',
        )
      : `        root ${site.renderDir}/pages;\n        try_files $site_not_found_file @site_not_found_shell;`,
    CANARY_HEADERS: shared ? CANARY_HEADERS : '',
    STORAGE_LOCATIONS: shared
      ? `    # The open canary's state for nginx (canary.cjs NGINX_CANARY_KEY): its headers only, read from the bucket at
    # most once per NGINX_PAGE_CACHE_VALID; no object, or a bucket away that nginx never read it from: no canary.
    location = /.site-canary-state {
        internal;
        proxy_pass_request_body off;
        proxy_set_header Content-Length "";
${storageLocation(shared, env, NGINX_CANARY_KEY, '@site_no_canary', '@site_no_canary', cacheValid, 'canary-state')}
    }
    location @site_no_canary {
        return 204;
    }
    # The live remotes file and pages for a canary visitor whose canary object or page is not there (not the canary
    # remote's page, or the canary ended a moment ago).
    location @site_live_remotes {
        default_type "application/json; charset=utf-8";
        add_header Cache-Control "no-cache" always;
${hostHeaders}
${CANARY_HEADERS}
        # A named location's proxy_pass names its key through a variable.
        set $site_live_remotes_key "${shared.remotesKey}";
${storageLocation(shared, env, '$site_live_remotes_key', '@site_default_remotes', '@site_remotes_unavailable', cacheValid, shared.remotesKey)}
    }
    location @site_live_page {
        add_header Cache-Control "no-cache" always;
${hostHeaders}
${CANARY_HEADERS}
${codedPage(shared, env, `${shared.renderedPrefix}pages$site_page_key$site_rendered_suffix`, '@site_live_page_plain', '@site_app_unrendered', cacheValid)}
    }
    location @site_live_home {
        add_header Cache-Control "no-cache" always;
${hostHeaders}
${CANARY_HEADERS}
${codedPage(shared, env, `${shared.renderedPrefix}pages/index$site_rendered_suffix`, '@site_live_home_plain', '@site_app_unrendered', cacheValid)}
    }
    # A page's own key, when the bucket has not the precompressed one the visitor takes (a page published before
    # the renderer put copies beside its pages): the page, gzipped here for a visitor who takes gzip.
${plainPage('@site_page_plain', `${hostHeaders}\n${CANARY_HEADERS}`, shared, env, '${site_page_prefix}pages$site_page_key$site_rendered_suffix', '$site_page_fallback', '@site_app_unrendered', cacheValid)}
${plainPage('@site_home_plain', `${hostHeaders}\n${CANARY_HEADERS}`, shared, env, '${site_page_prefix}pages/index$site_rendered_suffix', '$site_home_fallback', '@site_app_unrendered', cacheValid)}
${plainPage('@site_live_page_plain', `${hostHeaders}\n${CANARY_HEADERS}`, shared, env, `${shared.renderedPrefix}pages$site_page_key$site_rendered_suffix`, '@site_app', '@site_app_unrendered', cacheValid)}
${plainPage('@site_live_home_plain', `${hostHeaders}\n${CANARY_HEADERS}`, shared, env, `${shared.renderedPrefix}pages/index$site_rendered_suffix`, '@site_app', '@site_app_unrendered', cacheValid)}
${plainPage('@site_not_found_plain', `${hostHeaders}\n${CANARY_HEADERS}`, shared, env, `${shared.renderedPrefix}pages$site_not_found_file`, '@site_not_found_shell', '@site_not_found_shell', cacheValid, '404')}
    # The stored remotes file before any release wrote it: the default locations, as the host origin answers.
    location @site_default_remotes {
        default_type "application/json; charset=utf-8";
        add_header Cache-Control "no-cache" always;
${hostHeaders}
${CANARY_HEADERS}
        return 200 '${quoted(JSON.stringify(defaultRemotes(site)), "'")}';
    }
    # The remotes file when the bucket is away and nginx never read it: a 503 the browser's start retries, not a
    # guess at the remotes' versions.
    location @site_remotes_unavailable {
        default_type "application/json; charset=utf-8";
        add_header Cache-Control "no-store" always;
        add_header Retry-After "5" always;
${hostHeaders}
${CANARY_HEADERS}
        return 503 '{"code":503,"msg":"远程模块清单暂时无法读取，请稍后重试"}';
    }
    # A page the bucket cannot give (away, and never read before): the app renders it in the browser, status 200.
    location @site_app_unrendered {
        add_header Cache-Control "no-cache" always;
${hostHeaders}
${CANARY_HEADERS}
        try_files /index.html =404;
    }`
      : '',
    // Generated from @site/page-files, the renderer's and the Node origin's rule (deploy/page-files.cjs).
    PAGE_FILE_MAPS: fs.readFileSync(PAGE_FILES, 'utf8').trimEnd(),
    KNOWN_ROUTES: index ? index.clientRoutes.map((r) => `    ${routeRegex(r)} 1;`).join('\n') : '    "~^/" 1;',
    DETAIL_PATHS: index ? index.detailPaths.map((p) => `    "~^${escapeRegex(p)}\\?id=[^&]*$" 1;`).join('\n') : '',
    REMOTES_JSON: [
      '        default_type "application/json; charset=utf-8";',
      '        add_header Cache-Control "no-cache" always;',
      hostHeaders,
      shared
        ? `${CANARY_ACCESS}\n${storageLocation(shared, env, '$site_remotes_key', '$site_remotes_fallback', '@site_remotes_unavailable', cacheValid, '$site_remotes_key')}`
        : site.remotesFile
          ? `        alias ${site.remotesFile};`
          : `        return 200 '${quoted(JSON.stringify(defaultRemotes(site)), "'")}';`,
    ].join('\n'),
    SITE_CONFIG_JSON: quoted(JSON.stringify({ portalOrigins: site.portalOrigins, adScriptUrl: site.adScriptUrl }), "'"),
    BASELINE_HEADERS: hostHeaders,
    // The page renderer on this machine (its RENDER_PORT, as renderer.env), which renders /search on demand.
    SEARCH_RENDERER: `127.0.0.1:${site.renderPort}`,
    REMOTE_SERVERS: site.remotes.map((r) => remoteServer(r, listen, baseline, header, brotli)).join('\n'),
    INTERNAL_SERVER: env.NGINX_INTERNAL_PORT ? internalServer(Number(env.NGINX_INTERNAL_PORT), apiTries(site.apiUpstreams, maxFails)) : '',
  };
  // The cache rule is the static server's own expression (HASHED), kept in one place.
  const template = fs.readFileSync(TEMPLATE, 'utf8');
  if (!template.includes(HASHED.source.replace(/\$$/, '')))
    throw new Error('[nginx] the template’s cache rule differs from static-server.cjs HASHED');
  // A part that is empty in this layout (the storage's, on one machine) leaves no blank line.
  const conf = template
    .replace(/^\{\{([A-Z_]+)\}\}\n/gm, (m, name) => (values[name] === '' ? '' : m))
    .replace(/\{\{([A-Z_]+)\}\}/g, (_m, name) => {
      if (!(name in values)) throw new Error(`[nginx] the template names an unknown value {{${name}}}`);
      return values[name];
    });
  return { conf, warnings };
}

/**
 * The page renderer's way to the API instances: every path (its /internal/render/* routes too, which the site's
 * port never passes on), on loopback only. A renderer pointed at one instance would stop with it.
 */
/**
 * The instances, then each twice more as a backup that is never taken out (max_fails=0). nginx answers its own 502
 * ("no live upstreams") the moment every instance is taken out for fail_timeout: a restarted instance whose start
 * failed a call just before the other died, or both answering 503 while the database is away. The backups are tried
 * only then, so a call still reaches an instance that answers. Twice: a call may take 2 × N tries (every instance,
 * then every backup), and nginx passes the last answer on (the API's own Chinese 503) only when its tries run out
 * before its servers do; with the backups once each, a call that found the instances out ran out of servers first
 * and got the 502 (measured with two instances answering 503).
 */
function apiServers(upstreams, maxFails, failTimeout) {
  const hosts = upstreams.map((u) => new URL(u).host);
  const primary = hosts.map((h) => `    server ${h} max_fails=${maxFails} fail_timeout=${failTimeout};`);
  if (Number(maxFails) === 0) return primary.join('\n');
  const backup = hosts.map((h) => `    server ${h} backup max_fails=0;`);
  return [...primary, ...backup, ...backup].join('\n');
}
/** Every instance, then (with backups) every instance again: the tries one call may take. */
const apiTries = (upstreams, maxFails) => upstreams.length * (Number(maxFails) === 0 ? 1 : 2);

/** How a request reaches the instances: the request id every hop logs, the visitor's address and scheme, streaming. */
function apiProxy(tries) {
  return `        proxy_pass http://site_api;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $host;
        # nginx's own id of this request (32 hex digits), in its log and the API's (a visitor's own is replaced).
        proxy_set_header X-Request-Id $request_id;
        proxy_next_upstream_tries ${tries};
        proxy_connect_timeout 2s;
        # The browser's client gives up after 60 s (ERR-6); nginx waits as long, then answers 504.
        proxy_read_timeout 65s;
        # Uploads are streamed to the API as they come; answers (file ranges, videos) as well.
        proxy_request_buffering off;
        proxy_buffering off;`;
}

function internalServer(port, tries) {
  return `# The page renderer's way to the API instances (RENDER_API_ORIGIN=http://127.0.0.1:${port}), loopback only.
server {
    listen 127.0.0.1:${port};
    server_name _;
    server_tokens off;
    location / {
        proxy_pass http://site_api;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Request-Id $request_id;
        proxy_next_upstream error timeout http_502 http_503;
        proxy_next_upstream_tries ${tries};
        proxy_connect_timeout 2s;
        # The change feed's long poll holds a call up to 30 s.
        proxy_read_timeout 65s;
    }
}
`;
}

/** One remote's origin: its files with CORS (the host page loads them from another origin), nothing else. */
function remoteServer(remote, listen, baseline, header, brotli) {
  const headers = [
    header('X-Content-Type-Options', baseline['x-content-type-options']),
    header('Referrer-Policy', baseline['referrer-policy']),
    header('Content-Security-Policy', baseline['content-security-policy']),
    header('Access-Control-Allow-Origin', '*'),
    header('Timing-Allow-Origin', '*'),
  ];
  return `# ${remote.name}
server {
    listen ${listen}:${remote.port};
    server_name _;
    root ${remote.root};
    charset utf-8;
    server_tokens off;
    etag on;
    gzip_static on;
    gzip_vary on;
${brotli === 'on' ? '    brotli_static on;\n' : ''}    location / {
        if ($request_method = OPTIONS) {
${headers.map((h) => `    ${h}`).join('\n')}
            add_header Access-Control-Allow-Headers "*" always;
            return 204;
        }
        if ($request_method !~ ^(GET|HEAD)$) {
            add_header Allow "GET, HEAD" always;
            return 405;
        }
        add_header Cache-Control $site_cache_control always;
${headers.join('\n')}
        error_page 404 @plain_not_found;
        try_files $uri $uri/index.html =404;
    }
    location @plain_not_found {
        default_type "text/plain; charset=utf-8";
${headers.join('\n')}
        return 404 "Not found";
    }
}
`;
}

if (require.main === module) {
  renderNginx().then(
    ({ conf, warnings }) => {
      for (const w of warnings) console.error(w);
      process.stdout.write(conf);
    },
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}

module.exports = { renderNginx, routeRegex };
