#!/usr/bin/env node
/**
 * Copies the site's bucket (S3_BUCKET with the API's S3_* settings) to a folder, or a folder back into the bucket:
 * the storage half of docs/deploy.md's backup and restore (section 8), the other half is pg_dump.
 *   set -a; . /etc/site/api.env; set +a
 *   node deploy/examples/bucket-copy.cjs s3 /var/backups/site/<when>/bucket      every object -> <folder>/<key>
 *   node deploy/examples/bucket-copy.cjs /var/backups/site/<when>/bucket s3      every file back, same key and type
 * Each object's content type (and content coding, for the pages' precompressed .br/.gz copies) is kept in
 * <folder>/.objects.json: a type alone as a string (as older copies have it), with a coding as {type, encoding}. Uploads, seeded media, the rendered pages and the
 * remotes file are all keys of the one bucket.
 */
const fs = require('fs');
const path = require('path');

const s3sdk = require(require.resolve('@aws-sdk/client-s3', { paths: [path.resolve(__dirname, '../../shared/object-storage')] }));
const MANIFEST = '.objects.json';

function client(env) {
  return new s3sdk.S3Client({
    region: (env.S3_REGION || 'us-east-1').trim(),
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT.trim() } : {}),
    forcePathStyle: /^(1|true)$/i.test((env.S3_FORCE_PATH_STYLE || '').trim()),
    ...(env.S3_ACCESS_KEY_ID
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID.trim(), secretAccessKey: (env.S3_SECRET_ACCESS_KEY || '').trim() } }
      : {}),
  });
}

/** A key as a path inside `dir`, refusing one that would leave it. */
function fileOf(dir, key) {
  const file = path.resolve(dir, key);
  if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`the key ${key} is not a path inside ${dir}`);
  return file;
}

async function toFolder(s3, bucket, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const types = {};
  let token;
  do {
    const page = await s3.send(new s3sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const { Key } of page.Contents || []) {
      const got = await s3.send(new s3sdk.GetObjectCommand({ Bucket: bucket, Key }));
      const file = fileOf(dir, Key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(await got.Body.transformToByteArray()));
      const type = got.ContentType || 'application/octet-stream';
      types[Key] = got.ContentEncoding ? { type, encoding: got.ContentEncoding } : type;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(types, null, 1) + '\n');
  return Object.keys(types).length;
}

async function toBucket(s3, bucket, dir) {
  const manifest = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifest)) throw new Error(`${manifest} is missing: ${dir} is not a copy this script made`);
  const types = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  for (const [Key, kept] of Object.entries(types)) {
    const { type: ContentType, encoding: ContentEncoding } = typeof kept === 'string' ? { type: kept } : kept;
    const Body = fs.readFileSync(fileOf(dir, Key));
    await s3.send(new s3sdk.PutObjectCommand({ Bucket: bucket, Key, ContentType, ...(ContentEncoding ? { ContentEncoding } : {}), Body }));
  }
  return Object.keys(types).length;
}

async function main([from, to] = process.argv.slice(2), env = process.env) {
  const bucket = (env.S3_BUCKET || '').trim();
  if (!bucket) throw new Error('S3_BUCKET is not set: load the API environment first (set -a; . /etc/site/api.env; set +a)');
  if (!from || !to || (from === 's3') === (to === 's3'))
    throw new Error('usage: node deploy/examples/bucket-copy.cjs s3 <folder>   or   node deploy/examples/bucket-copy.cjs <folder> s3');
  const s3 = client(env);
  try {
    if (from === 's3') console.log(`[bucket-copy] ${await toFolder(s3, bucket, to)} objects of ${bucket} -> ${to}`);
    else console.log(`[bucket-copy] ${await toBucket(s3, bucket, from)} objects of ${from} -> ${bucket}`);
  } finally {
    s3.destroy();
  }
}

if (require.main === module)
  main().catch((e) => {
    console.error(`[bucket-copy] ${e.name || 'Error'}: ${e.message}`);
    process.exit(1);
  });

module.exports = { main };
