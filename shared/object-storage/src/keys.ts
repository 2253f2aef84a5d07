/** Refused object key (see `checkKey`). */
export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`invalid object key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidKeyError';
  }
}

/**
 * Keys are relative paths of plain segments, the same for both drivers: a key that is valid for S3 but would walk
 * out of (or hide inside) a local folder is refused everywhere, so an object can move between drivers.
 */
export function checkKey(key: string): string {
  if (!key || key.length > 1024 || key.includes('\0') || key.includes('\\') || key.startsWith('/')) throw new InvalidKeyError(key);
  for (const seg of key.split('/')) if (seg === '' || seg.startsWith('.')) throw new InvalidKeyError(key);
  return key;
}

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

/** The content type of a key by its extension; `application/octet-stream` when unknown. */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot > key.lastIndexOf('/') ? key.slice(dot).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Checks an inclusive range against an object's size: the last byte it covers, or a RangeError past the end. */
export function rangeEnd(range: { start: number; end?: number }, size: number): number {
  if (
    !Number.isSafeInteger(range.start) ||
    range.start < 0 ||
    (range.end !== undefined && (!Number.isSafeInteger(range.end) || range.end < range.start))
  )
    throw new RangeError(`invalid byte range ${range.start}-${range.end ?? ''}`);
  if (range.start >= size) throw new RangeError(`byte range ${range.start}-${range.end ?? ''} starts past the end (${size} bytes)`);
  return Math.min(range.end ?? size - 1, size - 1);
}
