/**
 * Requests no HTTP client would send, for the tests that prove every origin answers anything with a status
 * (finding 2: `GET /%00` and `GET //[` used to end the process serving all five origins). They go out on
 * raw TCP sockets, byte for byte.
 */
const net = require('net');

const CONTROL = [...Array(32).keys(), 0x7f];
const hex = (c) => c.toString(16).padStart(2, '0');

/** Path spellings: control bytes (raw and escaped), slashes, backslashes, bad escapes, `..` in every encoding. */
function paths() {
  const out = [];
  for (const c of CONTROL) {
    out.push(Buffer.concat([Buffer.from('/a'), Buffer.from([c]), Buffer.from('b')]));
    out.push(`/%${hex(c)}`, `/x%${hex(c)}.js`, `/%${hex(c).toUpperCase()}/index.html`);
  }
  out.push('/%00', '/%00/', '/index.html%00', '/index.html%00.js', '/%2500', '/%u0000');
  out.push('//', '///', '////', '//[', '//[::1]', '//[/', '//evil.example/', '//evil.example/%2e%2e', '//%00', '//..');
  out.push('\\', '/\\', '/\\\\', '/\\evil.example', '\\\\evil.example\\share', '/a\\b', '/%5c', '/%5c%5c', '/..\\..\\..\\etc\\passwd');
  out.push(
    '%',
    '/%',
    '/%%',
    '/%2',
    '/%z',
    '/%zz',
    '/%zz.js',
    '/a%',
    '/%c0%af',
    '/%c0%ae%c0%ae/',
    '/%e0%80%af',
    '/%ff',
    '/%fe%ff',
    '/%ed%a0%80',
    '/%f4%90%80%80',
    '/%u002e%u002e/',
  );
  out.push(
    '/..',
    '/../',
    '/../../../../etc/passwd',
    '/./././',
    '/.%2e/',
    '/%2e./',
    '/%2e%2e',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    '/%252e%252e/%252e%252e/etc/passwd',
    '/%252e%252e%252f',
    '/..%2f..%2fetc%2fpasswd',
    '/..%2F',
    '/..%5c..%5cetc%5cpasswd',
    '/..%255c..%255c',
    '/..;/..;/',
    '/....//....//etc/passwd',
    '/.../',
    '/static/../../../etc/passwd',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/%c0%2e%c0%2e/',
    '/..%00/',
    '/.git/config',
    '/.env',
  );
  out.push(
    `/${'a'.repeat(20_000)}`,
    `/${'a/'.repeat(5_000)}`,
    `/${'%2e%2e/'.repeat(1_000)}`,
    `/x.js?${'q'.repeat(20_000)}`,
    `/${'%'.repeat(3_000)}`,
    `/${'é'.repeat(2_000)}`,
  );
  out.push('/?%zz', '/?a=%00', '/?%', '/#frag', '/index.html?x=../../', '/;x', '/index.html;.js', '/%3f', '/%23');
  return out;
}

/** Under these the same paths meet the host's proxy routes and the removed `/dev` (never proxied). */
const PREFIXES = ['', '/api', '/dev', '/system', '/static'];

const toBuf = (x) => (Buffer.isBuffer(x) ? x : Buffer.from(x, 'latin1'));
const line = (method, target, extra = '') =>
  Buffer.concat([Buffer.from(`${method} `), toBuf(target), Buffer.from(` HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extra}\r\n`)]);

/** Whole requests that break the request line, the headers or the framing. */
function oddities() {
  const big = 'x'.repeat(70_000);
  return [
    Buffer.from('GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET http://localhost//%00 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET http://[::1]:1/api/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET https://localhost/dev/visits HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET evil HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET / HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET / HTTP/1.0\r\n\r\n'),
    Buffer.from('GET /\r\n\r\n'),
    Buffer.from('\r\n\r\nGET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    Buffer.from('G\x00T / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', 'latin1'),
    Buffer.from('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n', 'latin1'), // a TLS hello on the plain port
    Buffer.from('GET / HTTP/1.1\r\nConnection: close\r\n\r\n'), // no Host
    Buffer.from('GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nX-A\x00: 1\r\nConnection: close\r\n\r\n', 'latin1'),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\x00b\r\nConnection: close\r\n\r\n', 'latin1'),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nX-A: \x7f\x01\x02\r\nConnection: close\r\n\r\n', 'latin1'),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n X-Folded: yes\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nNoColon\r\nConnection: close\r\n\r\n'),
    Buffer.from('GET / HTTP/1.1\nHost: localhost\nConnection: close\n\n'),
    Buffer.from(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${big}\r\nConnection: close\r\n\r\n`),
    Buffer.from(`GET /api/x HTTP/1.1\r\nHost: localhost\r\nCookie: ${big}\r\nConnection: close\r\n\r\n`),
    Buffer.from(`GET / HTTP/1.1\r\nHost: localhost\r\n${'X-N: 1\r\n'.repeat(3_000)}Connection: close\r\n\r\n`),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br;q=nope, *;q=-1, gzip;q=999\r\nConnection: close\r\n\r\n'),
    Buffer.from(
      'GET / HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: "\x01", *\r\nIf-Modified-Since: yesterday\r\nRange: bytes=9-1,-0\r\nConnection: close\r\n\r\n',
      'latin1',
    ),
    Buffer.from(
      'GET /index.html HTTP/1.1\r\nHost: localhost\r\nRange: bytes=0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0\r\nConnection: close\r\n\r\n',
    ),
    Buffer.from(
      'GET / HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: %00, ::ffff:, 999.1.1.1, [::1]\r\nX-Forwarded-Proto: javascript\r\nX-Forwarded-Host: //[\r\nConnection: close\r\n\r\n',
    ),
    Buffer.from(
      'GET /api/x HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: %00, ::ffff:, 999.1.1.1\r\nX-Forwarded-Proto: \x01\r\nConnection: close\r\n\r\n',
      'latin1',
    ),
    Buffer.from('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\nConnection: close\r\n\r\n'),
    Buffer.from('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\nConnection: close\r\n\r\n'),
    Buffer.from('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab'),
    Buffer.from('POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\nConnection: close\r\n\r\n0\r\n\r\n'),
    Buffer.from('POST /api/x HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nhello\r\n0\r\n\r\n'),
    Buffer.from('POST /api/x HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n0\r\n\r\n'),
    Buffer.from(
      'POST /system/user HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 8\r\nConnection: close\r\n\r\n{"a":\x00}\x01',
      'latin1',
    ),
    Buffer.from(
      'POST /api/x HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=\r\nContent-Length: 4\r\nConnection: close\r\n\r\n--\r\n',
    ),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade, close\r\nSec-WebSocket-Key: x\r\n\r\n'),
    Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n'),
    Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
  ];
}

/** The corpus: every path under every prefix with GET, the odd methods on a few, and the odd whole requests. */
function corpus() {
  const reqs = [];
  for (const prefix of PREFIXES) for (const p of paths()) reqs.push(line('GET', Buffer.concat([Buffer.from(prefix), toBuf(p)])));
  for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO', 'G\x01T', 'get']) {
    for (const p of ['/', '/%00', '//[', '/api/%zz', '/dev/visits', '/index.html'])
      reqs.push(line(method, p, method === 'POST' ? 'Content-Length: 0\r\n' : ''));
  }
  reqs.push(...oddities());
  return reqs;
}

/**
 * Sends `bytes` on a fresh connection and resolves with the status code of the answer (or the reason there was
 * none: 'closed without an answer', 'no answer within N ms').
 */
function sendRaw(port, bytes, { host = '127.0.0.1', timeoutMs = 15_000 } = {}) {
  return new Promise((resolve) => {
    let got = '';
    let done = false;
    const finish = (v) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(v);
    };
    const socket = net.connect(port, host, () => socket.write(bytes));
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(got);
      if (m) finish(Number(m[1]));
      else if (got.length > 16 || !'HTTP/1.1 '.startsWith(got)) finish(`not HTTP: ${JSON.stringify(got.slice(0, 40))}`);
    });
    // A reset after the answer was read is normal (the server closes while we still write a big body).
    socket.on('error', (e) => finish(got ? `broken answer (${e.code})` : `error ${e.code}`));
    socket.on('close', () => finish(got ? `broken answer: ${JSON.stringify(got.slice(0, 40))}` : 'closed without an answer'));
  });
}

/** Short text of one request for failure messages. */
const describe = (bytes) => JSON.stringify(bytes.toString('latin1').split('\r\n')[0].slice(0, 80));

/** Sends the corpus `concurrency` at a time; resolves with the requests that got no status, and the count per status. */
async function sendCorpus(port, reqs = corpus(), concurrency = 8) {
  const failures = [];
  const statuses = {};
  let next = 0;
  const worker = async () => {
    while (next < reqs.length) {
      const bytes = reqs[next++];
      const r = await sendRaw(port, bytes);
      if (typeof r === 'number') statuses[r] = (statuses[r] || 0) + 1;
      else failures.push(`${describe(bytes)}: ${r}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { failures, statuses, sent: reqs.length };
}

module.exports = { corpus, paths, oddities, sendRaw, sendCorpus, describe };
