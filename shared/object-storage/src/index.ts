/**
 * @site/object-storage: one interface for where the servers keep files, a local folder (default) or an
 * S3-compatible bucket. `storageFromEnv` picks the driver from the environment.
 */
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { ObjectStorage } from './types.js';

export type { ByteRange, ObjectInfo, ObjectStorage, PutOptions, StoredObject } from './types.js';
export { CONTENT_TYPES, InvalidKeyError, checkKey, contentTypeOf } from './keys.js';
export { LocalStorage } from './local.js';
export { S3Storage, type S3Options } from './s3.js';
export { REMOTES_KEY, RENDERED_PREFIX, SITE_PUBLIC_PREFIX } from './site-keys.js';

/** A setting that is wrong or missing; the message names the variable. */
export class StorageConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageConfigError';
  }
}

/**
 * The storage the environment names: `STORAGE_DRIVER=local` (default; files under `localRoot`) or
 * `STORAGE_DRIVER=s3` with `S3_BUCKET` (required), `S3_ENDPOINT`, `S3_REGION` (default us-east-1),
 * `S3_ACCESS_KEY_ID` + `S3_SECRET_ACCESS_KEY` (both or neither: neither = the SDK's default chain) and
 * `S3_FORCE_PATH_STYLE` (1/true).
 */
export function storageFromEnv(env: NodeJS.ProcessEnv, localRoot: string): ObjectStorage {
  const driver = (env.STORAGE_DRIVER || 'local').trim().toLowerCase();
  if (driver === 'local') return new LocalStorage(localRoot);
  if (driver !== 's3') throw new StorageConfigError(`STORAGE_DRIVER must be local or s3, not ${JSON.stringify(env.STORAGE_DRIVER)}`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new StorageConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
    throw new StorageConfigError(`S3_ENDPOINT must be an http(s) address, not ${JSON.stringify(endpoint)}`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!!accessKeyId !== !!secretAccessKey) throw new StorageConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return new S3Storage({
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
  });
}
