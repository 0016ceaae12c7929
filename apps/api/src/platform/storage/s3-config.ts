/** The S3 variables of the configuration; S3 storage is used when S3_BUCKET is set. */
export interface S3Variables {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const optional = ['S3_ENDPOINT', 'S3_REGION'] as const;

/**
 * What is wrong with the S3 group, one problem per missing variable: the group is all or nothing
 * (S3_ENDPOINT and S3_REGION are optional, but only together with the three others).
 */
export function s3ConfigProblems(config: S3Variables): Array<{ variable: string; message: string }> {
  const given = [...required, ...optional].filter((name) => config[name] !== undefined);
  if (given.length === 0) return [];
  return required
    .filter((name) => config[name] === undefined)
    .map((variable) => ({
      variable,
      message: `required when ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set (S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together)`,
    }));
}

/**
 * The origin presigned URLs of the bucket point at (for the web app's Content-Security-Policy with
 * FILES_REDIRECT=s3): the endpoint's own with S3_ENDPOINT (addressed path-style), else AWS's
 * virtual-hosted bucket name, or the regional host for bucket names with dots (as the SDK signs them).
 */
export function s3ObjectOrigin(config: S3Variables): string | undefined {
  if (!config.S3_BUCKET) return undefined;
  if (config.S3_ENDPOINT) return new URL(config.S3_ENDPOINT).origin;
  const region = config.S3_REGION ?? 'us-east-1';
  return config.S3_BUCKET.includes('.') ? `https://s3.${region}.amazonaws.com` : `https://${config.S3_BUCKET}.s3.${region}.amazonaws.com`;
}
