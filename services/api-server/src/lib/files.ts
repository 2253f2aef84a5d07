import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidKeyError, checkKey, type ObjectStorage } from '@site/object-storage';
import { HttpError, notFound } from './errors.js';

export const FILE_NOT_FOUND = '文件不存在';
const BAD_PATH = '非法的文件路径';

/**
 * The storage key of a path under /files, refusing traversal (`..`, NUL, backslashes, hidden files) with 400.
 * Repeated and leading slashes collapse as a file system would have them (`/files//a` is `a`); nothing (the
 * folder itself) is a 404.
 */
export function fileKey(rel: string): string {
  if (rel.includes('\0') || rel.includes('\\') || rel.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) {
    throw new HttpError(400, BAD_PATH);
  }
  const key = path.posix.normalize(`/${rel}`).slice(1).replace(/\/$/, '');
  if (!key) throw notFound(FILE_NOT_FOUND);
  try {
    return checkKey(key);
  } catch (err) {
    if (err instanceof InvalidKeyError) throw new HttpError(400, BAD_PATH);
    throw err;
  }
}

/**
 * Sends a stored object with its content type, entity tag, byte ranges (video seeking) and caching headers; 404
 * JSON when missing. The head comes first, so that a 304, a 416 or a HEAD never opens the object's bytes.
 */
export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  opts: { downloadName?: string; cacheSeconds?: number } = {},
) {
  const info = await storage.head(key);
  if (!info) throw notFound(FILE_NOT_FOUND);
  reply.header('Content-Type', info.contentType);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Last-Modified', info.lastModified.toUTCString());
  reply.header('ETag', info.etag);
  reply.header('Cache-Control', `public, max-age=${opts.cacheSeconds ?? 3600}`);
  // Files are data, never an active document of this origin.
  reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");
  if (opts.downloadName) {
    const ascii = opts.downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    reply.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.downloadName)}`);
  }
  if (!opts.downloadName && req.headers['if-none-match'] === info.etag) {
    return reply.code(304).send();
  }
  const range = req.headers.range;
  if (range && !opts.downloadName) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (m && (m[1] || m[2])) {
      let start: number;
      let end: number;
      if (m[1] === '') {
        start = Math.max(0, info.size - Number(m[2]));
        end = info.size - 1;
      } else {
        start = Number(m[1]);
        end = m[2] === '' ? info.size - 1 : Math.min(Number(m[2]), info.size - 1);
      }
      if (start > end || start >= info.size) {
        reply.header('Content-Range', `bytes */${info.size}`);
        reply.header('Content-Type', 'application/json; charset=utf-8');
        return reply.code(416).send({ code: 416, msg: '请求的范围无效' });
      }
      reply.code(206);
      reply.header('Content-Range', `bytes ${start}-${end}/${info.size}`);
      reply.header('Content-Length', end - start + 1);
      if (req.method === 'HEAD') return reply.send();
      const part = await storage.get(key, { start, end });
      // Deleted between the head and the read.
      if (!part) throw notFound(FILE_NOT_FOUND);
      return reply.send(part.body);
    }
  }
  reply.header('Content-Length', info.size);
  if (req.method === 'HEAD') return reply.send();
  const whole = await storage.get(key);
  if (!whole) throw notFound(FILE_NOT_FOUND);
  return reply.send(whole.body);
}
