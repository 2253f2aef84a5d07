import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { uploadFile } from '../db/schema.js';
import { UPLOAD_MAX_BYTES } from '@site/contract';
import { HttpError } from './errors.js';
import { hit } from './ratelimit.js';

export const SIZE_MSG = '图片大小限制 2MB!';
export const TYPE_MSG = '只能上传 JPG/PNG/GIF/WEBP 图片';
export const UPLOAD_LIMIT_MSG = '上传过于频繁，请稍后再试';
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

/**
 * Reads the one uploaded file of a multipart request and stores it when its bytes are a JPG/PNG/GIF/WEBP image
 * of at most 2 MB (the declared type and name are not trusted; SVG is refused). Each user may try
 * UPLOAD_LIMIT_PER_HOUR uploads an hour (counted in the database, refused ones included), so one account cannot
 * fill the disk.
 */
export async function saveUploadedImage(ctx: AppContext, req: FastifyRequest, userId: number, purpose: UploadPurpose = 'content') {
  return saveUpload(ctx, req, userId, { allowed: ALLOWED, maxBytes: UPLOAD_MAX_BYTES, sizeMsg: SIZE_MSG, typeMsg: TYPE_MSG, purpose });
}

/** What an upload is for: only `content` images are offered again by 媒体库 (an avatar is a person's own). */
export type UploadPurpose = 'content' | 'avatar';

export interface UploadRule {
  /** Detected MIME type -> stored extension: the bytes decide, never the declared type or name. */
  allowed: ReadonlyMap<string, string>;
  maxBytes: number;
  sizeMsg: string;
  typeMsg: string;
  /** Default `content`. */
  purpose?: UploadPurpose;
}

/** The one file of a multipart request, stored as upload/yyyy/mm/dd/<random>.<ext> (ctx.storage) when its content passes the rule. */
export async function saveUpload(ctx: AppContext, req: FastifyRequest, userId: number, rule: UploadRule) {
  const { sizeMsg: SIZE_MSG, typeMsg: TYPE_MSG, allowed } = rule;
  const lim = ctx.config.rateLimits.upload;
  await hit(ctx.db, `upload:${userId}`, lim.limit, lim.windowMs, UPLOAD_LIMIT_MSG);
  if (!req.isMultipart()) throw new HttpError(400, '请选择要上传的文件');
  let part;
  try {
    part = await req.file({ limits: { fileSize: rule.maxBytes } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, SIZE_MSG);
    throw new HttpError(400, '上传内容格式不正确');
  }
  if (!part) throw new HttpError(400, '请选择要上传的文件');
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, SIZE_MSG);
    throw new HttpError(400, '上传内容格式不正确');
  }
  if (buf.length === 0) throw new HttpError(400, '上传的文件为空');
  // Loaded on the first upload rather than on import: about 0.12 CPU-s that every process importing the server paid
  // (each test file among them), most never reading an upload. A server pays it once, on its first upload.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(buf);
  const ext = type ? allowed.get(type.mime) : undefined;
  if (!type || !ext) throw new HttpError(400, TYPE_MSG);
  const now = new Date();
  const dir = `upload/${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}`;
  const name = `${crypto.randomBytes(12).toString('hex')}.${ext}`;
  // 96 random bits name it: no upload can replace another.
  await ctx.storage.put(`${dir}/${name}`, buf, { contentType: type.mime });
  const url = `/files/${dir}/${name}`;
  // The client's name is only recorded: control characters (NUL cannot be stored) are dropped.
  // eslint-disable-next-line no-control-regex -- control characters are what this strips
  const originalName = (part.filename || '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || name;
  await ctx.db.insert(uploadFile).values({ url, originalName, mime: type.mime, size: buf.length, userId, purpose: rule.purpose ?? 'content' });
  return { url, fileName: url, newFileName: name, originalFilename: originalName, size: buf.length };
}
