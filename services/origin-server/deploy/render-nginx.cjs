#!/usr/bin/env node
/**
 * Writes the nginx configuration of the site (deploy/site.conf.template filled in) from the same environment
 * variables as serve.cjs: the app ports and folders, REMOTES_FILE or SITE_DEPLOY_DIR, PORTAL_ORIGINS, AD_SCRIPT_URL,
 * API_UPSTREAMS, RENDER_OUT_DIR; and NGINX_LISTEN (address, default 0.0.0.0), NGINX_MAX_FAILS (2),
 * NGINX_FAIL_TIMEOUT (10s), NGINX_INTERNAL_PORT (none; the renderer's balanced way to the API, on 127.0.0.1).
 * The app's routes come from the renderer's index.json: run it again after the first render and after each release
 * (the page policy lists the remotes' origins), then `nginx -s reload`.
 *
 *   node services/origin-server/deploy/render-nginx.cjs > /etc/nginx/conf.d/site.conf
 */
const fs = require('fs');
const path = require('path');
const { API_PATHS } = require('../../../shared/build-config/site.cjs');
const { siteEnv, defaultRemotes } = require('../src/site-env.cjs');
const { baselineHeaders, HASHED } = require('../src/static-server.cjs');

const TEMPLATE = path.join(__dirname, 'site.conf.template');

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

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ conf: string, warnings: string[] }}
 */
function renderNginx(env = process.env) {
  const site = siteEnv(env);
  // The page policy as origin.cjs sends it, computed from the same environment.
  const saved = process.env;
  process.env = { ...env };
  let hostCsp;
  try {
    delete require.cache[require.resolve('../src/origin.cjs')];
    const origin = require('../src/origin.cjs');
    hostCsp = origin.hostHtmlHeaders()['content-security-policy'];
  } finally {
    process.env = saved;
  }
  const warnings = [];
  const listen = env.NGINX_LISTEN || '0.0.0.0';
  const maxFails = Number(env.NGINX_MAX_FAILS || 2);
  const failTimeout = env.NGINX_FAIL_TIMEOUT || '10s';
  const baseline = baselineHeaders(site.portalOrigins);
  const index = readRenderIndex(site.renderDir);
  if (!index)
    warnings.push(
      `[nginx] no ${path.join(site.renderDir, 'index.json')} yet: every path is the app until it is rendered again after the first render`,
    );

  const header = (name, value) => `        add_header ${name} "${quoted(value, '"')}" always;`;
  const hostHeaders = [
    header('X-Content-Type-Options', baseline['x-content-type-options']),
    header('Referrer-Policy', baseline['referrer-policy']),
    '        add_header Content-Security-Policy $site_host_csp always;',
  ].join('\n');
  const values = {
    API_SERVERS: site.apiUpstreams.map((u) => `    server ${new URL(u).host} max_fails=${maxFails} fail_timeout=${failTimeout};`).join('\n'),
    API_TRIES: String(site.apiUpstreams.length),
    API_PATH_ALTERNATION: API_PATHS.map((p) => escapeRegex(p.replace(/^\//, ''))).join('|'),
    HOST_HTML_CSP: quoted(hostCsp, '"'),
    BASELINE_CSP: quoted(baseline['content-security-policy'], '"'),
    LISTEN: listen,
    HOST_PORT: String(site.host.port),
    HOST_ROOT: site.host.root,
    RENDER_DIR: site.renderDir,
    KNOWN_ROUTES: index ? index.clientRoutes.map((r) => `    ${routeRegex(r)} 1;`).join('\n') : '    "~^/" 1;',
    DETAIL_PATHS: index ? index.detailPaths.map((p) => `    "~^${escapeRegex(p)}\\?id=[^&]*$" 1;`).join('\n') : '',
    REMOTES_JSON: [
      '        default_type "application/json; charset=utf-8";',
      '        add_header Cache-Control "no-cache" always;',
      hostHeaders,
      site.remotesFile ? `        alias ${site.remotesFile};` : `        return 200 '${quoted(JSON.stringify(defaultRemotes(site)), "'")}';`,
    ].join('\n'),
    SITE_CONFIG_JSON: quoted(JSON.stringify({ portalOrigins: site.portalOrigins, adScriptUrl: site.adScriptUrl }), "'"),
    BASELINE_HEADERS: hostHeaders,
    REMOTE_SERVERS: site.remotes.map((r) => remoteServer(r, listen, baseline, header)).join('\n'),
    INTERNAL_SERVER: env.NGINX_INTERNAL_PORT ? internalServer(Number(env.NGINX_INTERNAL_PORT), site.apiUpstreams.length) : '',
  };
  // The cache rule is the static server's own expression (HASHED), kept in one place.
  const template = fs.readFileSync(TEMPLATE, 'utf8');
  if (!template.includes(HASHED.source.replace(/\$$/, '')))
    throw new Error('[nginx] the template’s cache rule differs from static-server.cjs HASHED');
  const conf = template.replace(/\{\{([A-Z_]+)\}\}/g, (_m, name) => {
    if (!(name in values)) throw new Error(`[nginx] the template names an unknown value {{${name}}}`);
    return values[name];
  });
  return { conf, warnings };
}

/**
 * The page renderer's way to the API instances: every path (its /internal/render/* routes too, which the site's
 * port never passes on), on loopback only. A renderer pointed at one instance would stop with it.
 */
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
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries ${tries};
        proxy_connect_timeout 2s;
        # The change feed's long poll holds a call up to 30 s.
        proxy_read_timeout 65s;
    }
}
`;
}

/** One remote's origin: its files with CORS (the host page loads them from another origin), nothing else. */
function remoteServer(remote, listen, baseline, header) {
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
    location / {
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
  const { conf, warnings } = renderNginx();
  for (const w of warnings) console.error(w);
  process.stdout.write(conf);
}

module.exports = { renderNginx, routeRegex };
