import type { Readable } from 'node:stream';

/** What a driver knows of one stored object. */
export interface ObjectInfo {
  /** The object's key: `/`-separated segments, no leading slash (`upload/2026/05/01/ab12.png`). */
  key: string;
  /** Size in bytes of the whole object. */
  size: number;
  /** Quoted entity tag, usable as an HTTP ETag as it is (`"…"`, or `W/"…"` where the driver cannot promise bytes). */
  etag: string;
  contentType: string;
  /** The coding the bytes are stored in (`br`, `gzip`), as `put` was told; absent for plain bytes and on a folder. */
  contentEncoding?: string;
  lastModified: Date;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`; `end` omitted = to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObject {
  /** The whole object's information (size is the full size even for a range). */
  info: ObjectInfo;
  /** The bytes asked for: the whole object, or exactly start..end of the range. */
  body: Readable;
}

export interface PutOptions {
  /** Default: from the key's extension (`contentTypeOf`). */
  contentType?: string;
  /**
   * The coding the bytes are already in (`br`, `gzip`): S3 keeps it and answers it as `Content-Encoding`, so a proxy
   * in front of the bucket (nginx) passes a precompressed copy on as such. A folder keeps no metadata: ignored there.
   */
  contentEncoding?: string;
}

/**
 * Where files live. Keys are relative `/`-separated paths; a key with an empty, `.`-leading or `..` segment, a
 * backslash, a NUL or a leading slash is refused (`InvalidKeyError`) by every driver alike.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Stores the bytes under key (replacing what was there); answers the stored object's information. */
  put(key: string, body: Uint8Array | string, options?: PutOptions): Promise<ObjectInfo>;
  /** The object, or the inclusive byte range of it; null when there is none. A range past the end is a RangeError. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's information, null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with prefix (a plain string prefix, as S3 has it), in key order. */
  list(prefix?: string): Promise<ObjectInfo[]>;
}
