import { join } from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { S3FileStorage } from './s3-file-storage.ts';

/** The parts of the configuration that choose and reach the file storage. */
export interface StorageConfig {
  dataDir: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

const s3Variables = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Problems of the S3 group, one line each: the group is all or nothing (S3_ENDPOINT and S3_REGION
 * are optional, but only with S3_BUCKET). Empty when the group is consistent.
 */
export function s3ConfigProblems(config: Omit<StorageConfig, 'dataDir'>): string[] {
  const given = [...s3Variables, 'S3_ENDPOINT', 'S3_REGION'].filter((name) => config[name as keyof typeof config] !== undefined);
  if (given.length === 0) return [];
  return s3Variables
    .filter((name) => config[name] === undefined)
    .map((name) => `${name}: required when ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set (S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together)`);
}

/** S3-compatible storage when S3_BUCKET is set, otherwise the folder DATA_DIR/files. */
export function createFileStorage(config: StorageConfig): FileStorage {
  const problems = s3ConfigProblems(config);
  if (problems.length > 0) throw new Error(`Invalid S3 configuration:\n  - ${problems.join('\n  - ')}`);
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return new S3FileStorage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? 'us-east-1',
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalFileStorage(join(config.dataDir, 'files'));
}
