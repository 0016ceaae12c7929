import { describe, expect, it } from 'vitest';
import { createFileStorage } from './create-file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { s3ConfigProblems } from './s3-config.ts';
import { S3FileStorage } from './s3-file-storage.ts';

describe('createFileStorage', () => {
  it('uses the folder DATA_DIR/files when no S3 variable is set', async () => {
    const storage = await createFileStorage({ dataDir: '/srv/portal' });
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect((storage as LocalFileStorage).rootDir).toBe('/srv/portal/files');
  });

  it('uses S3 when the bucket and keys are set', async () => {
    const storage = await createFileStorage({
      dataDir: '/srv/portal', S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://minio:9000',
    });
    expect(storage).toBeInstanceOf(S3FileStorage);
  });

  it('names every missing variable of a partial S3 group', async () => {
    expect(s3ConfigProblems({})).toEqual([]);
    const problems = s3ConfigProblems({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'docs' });
    expect(problems).toHaveLength(2);
    expect(problems.map((problem) => problem.variable)).toEqual(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    expect(problems[0].message).toMatch(/^required when S3_BUCKET, S3_ENDPOINT are set/);
    await expect(createFileStorage({ dataDir: '/x', S3_BUCKET: 'docs' })).rejects.toThrow(/S3_ACCESS_KEY_ID: required/);
  });
});
