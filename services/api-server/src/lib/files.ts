import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from './errors.js';

export const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.zip': 'application/zip',
};

export const FILE_NOT_FOUND = '文件不存在';

/**
 * Resolves a relative path under base, refusing traversal (`..`, absolute paths, NUL, backslashes, hidden files).
 * Throws 400 on a refused path.
 */
export function safeResolve(base: string, rel: string): string {
  if (rel.includes('\0') || rel.includes('\\') || rel.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) {
    throw new HttpError(400, '非法的文件路径');
  }
  const abs = path.resolve(base, `.${path.posix.normalize(`/${rel}`)}`);
  const root = path.resolve(base);
  if (abs !== root && !abs.startsWith(root + path.sep)) throw new HttpError(400, '非法的文件路径');
  return abs;
}

/** Sends a file with its content type, byte ranges (video seeking), caching headers; 404 JSON when missing. */
export async function sendFile(req: FastifyRequest, reply: FastifyReply, abs: string, opts: { downloadName?: string; cacheSeconds?: number } = {}) {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(abs);
  } catch {
    throw notFound(FILE_NOT_FOUND);
  }
  if (!stat.isFile()) throw notFound(FILE_NOT_FOUND);
  const ext = path.extname(abs).toLowerCase();
  const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  reply.header('Content-Type', type);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Last-Modified', stat.mtime.toUTCString());
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', `public, max-age=${opts.cacheSeconds ?? 3600}`);
  // Files are data, never an active document of this origin.
  reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");
  if (opts.downloadName) {
    const ascii = opts.downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    reply.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.downloadName)}`);
  }
  if (!opts.downloadName && req.headers['if-none-match'] === etag) {
    return reply.code(304).send();
  }
  const range = req.headers.range;
  if (range && !opts.downloadName) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (m && (m[1] || m[2])) {
      let start: number;
      let end: number;
      if (m[1] === '') {
        start = Math.max(0, stat.size - Number(m[2]));
        end = stat.size - 1;
      } else {
        start = Number(m[1]);
        end = m[2] === '' ? stat.size - 1 : Math.min(Number(m[2]), stat.size - 1);
      }
      if (start > end || start >= stat.size) {
        reply.header('Content-Range', `bytes */${stat.size}`);
        reply.header('Content-Type', 'application/json; charset=utf-8');
        return reply.code(416).send({ code: 416, msg: '请求的范围无效' });
      }
      reply.code(206);
      reply.header('Content-Range', `bytes ${start}-${end}/${stat.size}`);
      reply.header('Content-Length', end - start + 1);
      return reply.send(fs.createReadStream(abs, { start, end }));
    }
  }
  reply.header('Content-Length', stat.size);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(fs.createReadStream(abs));
}
