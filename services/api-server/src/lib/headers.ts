/**
 * Security headers of every answer. JSON and redirects are never documents, so they may not load anything nor be
 * framed; the server's own HTML (the local consent page of the messaging-app sign-in) may be framed only by the
 * site itself and the configured parent portals (PORTAL_ORIGINS), like the site's pages. Files under /files set
 * their own sandboxing policy (lib/files.ts) and keep it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Origins such as `https://portal.example.com`; anything that is not a bare http(s) origin is dropped. */
export function parseOrigins(list: string | string[] | undefined): string[] {
  const items = Array.isArray(list) ? list : (list ?? '').split(',');
  const out: string[] = [];
  for (const raw of items) {
    const s = raw.trim();
    if (!s) continue;
    try {
      const u = new URL(s);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s.replace(/\/$/, '')) out.push(u.origin);
    } catch {
      /* not an origin: ignored rather than widening the policy */
    }
  }
  return [...new Set(out)];
}

export const htmlCsp = (portalOrigins: string[]) =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "base-uri 'none'",
    `frame-ancestors ${["'self'", ...portalOrigins].join(' ')}`,
  ].join('; ');

/** Sets the headers (onSend); a policy already set by the route (files) is kept. */
export function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply, portalOrigins: string[]) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!req.url.startsWith('/files/')) reply.header('Cache-Control', 'no-store');
  if (!reply.hasHeader('Content-Security-Policy')) {
    const type = String(reply.getHeader('Content-Type') ?? '');
    reply.header('Content-Security-Policy', type.startsWith('text/html') ? htmlCsp(portalOrigins) : API_CSP);
  }
}

/** The same headers as raw lines, for answers written straight to the socket (malformed requests). */
export const RAW_SECURITY_HEADERS = `X-Content-Type-Options: nosniff\r\nReferrer-Policy: strict-origin-when-cross-origin\r\nCache-Control: no-store\r\nContent-Security-Policy: ${API_CSP}\r\n`;
