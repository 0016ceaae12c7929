import { join } from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { s3ConfigProblems, type S3Variables } from './s3-config.ts';

/** The parts of the configuration that choose and reach the file storage. */
export interface StorageConfig extends S3Variables {
  dataDir: string;
}

/** S3-compatible storage when S3_BUCKET is set (its SDK loaded only then), otherwise the folder DATA_DIR/files. */
export async function createFileStorage(config: StorageConfig): Promise<FileStorage> {
  const problems = s3ConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`Invalid S3 configuration:\n${problems.map((problem) => `  - ${problem.variable}: ${problem.message}`).join('\n')}`);
  }
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    const { S3FileStorage } = await import('./s3-file-storage.ts');
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
