#!/usr/bin/env node
/**
 * Creates the site's bucket (S3_BUCKET) when it does not exist, and lets anyone read its `site/` keys (the rendered
 * pages and the remotes file nginx reads without credentials) and nothing else: docs/deploy.md, section 3.
 *   set -a; . /etc/site/api.env; set +a; node deploy/examples/create-bucket.cjs
 * The credentials must be allowed to create buckets and set their policy (a service's admin key); the instances'
 * own key needs only object reads and writes. A service that has no bucket policies (or an operator who sets it in
 * its console) gets the policy printed with what to do.
 */
const path = require('path');

const s3sdk = require(require.resolve('@aws-sdk/client-s3', { paths: [path.resolve(__dirname, '../../shared/object-storage')] }));

async function main(env = process.env) {
  const bucket = (env.S3_BUCKET || '').trim();
  if (!bucket) throw new Error('S3_BUCKET is not set: load the API environment first (set -a; . /etc/site/api.env; set +a)');
  const client = new s3sdk.S3Client({
    region: (env.S3_REGION || 'us-east-1').trim(),
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT.trim() } : {}),
    forcePathStyle: /^(1|true)$/i.test((env.S3_FORCE_PATH_STYLE || '').trim()),
    ...(env.S3_ACCESS_KEY_ID
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID.trim(), secretAccessKey: (env.S3_SECRET_ACCESS_KEY || '').trim() } }
      : {}),
  });
  try {
    let exists = true;
    try {
      await client.send(new s3sdk.HeadBucketCommand({ Bucket: bucket }));
    } catch (e) {
      if (e.$metadata?.httpStatusCode !== 404) throw e;
      exists = false;
    }
    if (exists) console.log(`[bucket] ${bucket} exists`);
    else {
      await client.send(new s3sdk.CreateBucketCommand({ Bucket: bucket }));
      console.log(`[bucket] ${bucket} created`);
    }
    const policy = {
      Version: '2012-10-17',
      Statement: [{ Sid: 'SitePublicRead', Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/site/*` }],
    };
    try {
      await client.send(new s3sdk.PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }));
      console.log(`[bucket] anyone may read ${bucket}/site/*, nothing else`);
    } catch (e) {
      console.warn(
        `[bucket] the service did not take the bucket policy (${e.name}): let anyone read ${bucket}/site/* and nothing else yourself ` +
          `(MinIO: mc anonymous set download <alias>/${bucket}/site; AWS, OSS, COS: this policy): ${JSON.stringify(policy)}`,
      );
    }
  } finally {
    client.destroy();
  }
}

if (require.main === module)
  main().catch((e) => {
    console.error(
      `[bucket] ${e.name || 'Error'}: ${e.message}: check S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE`,
    );
    process.exit(1);
  });

module.exports = { main };
