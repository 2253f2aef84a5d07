import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, contentTypeOf } from './keys.js';
import type { ByteRange, ObjectInfo, ObjectStorage, PutOptions, StoredObject } from './types.js';

export interface S3Options {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, a cloud's object storage); omitted = AWS itself. */
  endpoint?: string;
  region: string;
  /** Omitted = the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`: most self-hosted services need it. */
  forcePathStyle?: boolean;
}

type Sdk = typeof import('@aws-sdk/client-s3');
let loadedSdk: Sdk | undefined;

/**
 * The AWS SDK, loaded by the first S3Storage made rather than when this package is imported: some 0.15 CPU-s (more
 * through `import`, which wraps its CommonJS build), paid before by every process that imports the package, though
 * only one configured with STORAGE_DRIVER=s3 uses it. Such a process pays it once, when it makes its storage.
 */
function sdk(): Sdk {
  // require, not import(): the constructor stays synchronous for storageFromEnv and its callers.
  loadedSdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as Sdk;
  return loadedSdk;
}

/** Objects in one bucket of an S3-compatible service, through the AWS SDK. */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly sdk: Sdk;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.sdk = sdk();
    this.client = new this.sdk.S3Client({
      endpoint: options.endpoint,
      region: options.region,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Checksums only when the operation requires them: S3-compatible services other than AWS often reject the
      // newer default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Uint8Array | string, options: PutOptions = {}): Promise<ObjectInfo> {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const contentType = options.contentType ?? contentTypeOf(key);
    const res = await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentEncoding: options.contentEncoding,
        ContentLength: bytes.byteLength,
      }),
    );
    // The PUT answer carries no date: a head gives the service's own, as get() and list() will report it.
    const info = await this.head(key);
    return info ?? { key, size: bytes.byteLength, etag: res.ETag ?? '""', contentType, lastModified: new Date() };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const res = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return {
        key,
        size: Number(res.ContentLength ?? 0),
        etag: res.ETag ?? '""',
        contentType: res.ContentType || contentTypeOf(key),
        ...(res.ContentEncoding ? { contentEncoding: res.ContentEncoding } : {}),
        lastModified: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(this.sdk, err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (range && (!Number.isSafeInteger(range.start) || range.start < 0 || (range.end !== undefined && range.end < range.start)))
      throw new RangeError(`invalid byte range ${range.start}-${range.end ?? ''}`);
    try {
      const res = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: checkKey(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      // A ranged answer's Content-Length is the part's: the whole size is after the slash of Content-Range.
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '');
      return {
        info: {
          key,
          size: total ? Number(total[1]) : Number(res.ContentLength ?? 0),
          etag: res.ETag ?? '""',
          contentType: res.ContentType || contentTypeOf(key),
          ...(res.ContentEncoding ? { contentEncoding: res.ContentEncoding } : {}),
          lastModified: res.LastModified ?? new Date(0),
        },
        body: res.Body as Readable,
      };
    } catch (err) {
      if (isNotFound(this.sdk, err)) return null;
      if (err instanceof this.sdk.S3ServiceException && (err.name === 'InvalidRange' || err.$metadata.httpStatusCode === 416))
        throw new RangeError(`byte range ${range?.start}-${range?.end ?? ''} starts past the end of ${key}`, { cause: err });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async list(prefix = ''): Promise<ObjectInfo[]> {
    const out: ObjectInfo[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) {
        if (!o.Key) continue;
        // A listing carries no content types; one HEAD per object would make a listing cost N requests.
        out.push({
          key: o.Key,
          size: Number(o.Size ?? 0),
          etag: o.ETag ?? '""',
          contentType: contentTypeOf(o.Key),
          lastModified: o.LastModified ?? new Date(0),
        });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }
}

function isNotFound(aws: Sdk, err: unknown): boolean {
  if (!(err instanceof aws.S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}
