import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { S3FileStorage } from './s3-file-storage.ts';
import type { WriteOnceConfig, WriteOnceObjects } from './write-once-objects.ts';

/**
 * Objects under a prefix of the S3 bucket, written with `If-None-Match: *` (never over another). With S3
 * Object Lock and a default retention on the bucket, each is locked as it is written.
 */
export function s3Objects(config: WriteOnceConfig & { S3_BUCKET: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string }): WriteOnceObjects {
  const bucket = config.S3_BUCKET;
  const { client } = new S3FileStorage({
    endpoint: config.S3_ENDPOINT,
    bucket,
    region: config.S3_REGION ?? 'us-east-1',
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
  const { prefix } = config;
  return {
    description: `bucket ${bucket}/${prefix}`,
    async put(name, text) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${name}`, Body: text, ContentType: 'application/json', IfNoneMatch: '*' }));
    },
    async newest(count, pattern, maxBytes) {
      // Keys list in name order: page through, keeping the last `count` names.
      let chosen: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        const names = (page.Contents ?? []).map((object) => object.Key!.slice(prefix.length)).filter((name) => pattern.test(name));
        chosen = [...chosen, ...names].sort().slice(-count);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return Promise.all(
        chosen.map(async (name) => {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
          return { name, text: (await object.Body!.transformToString('utf8')).slice(0, maxBytes) };
        }),
      );
    },
  };
}
