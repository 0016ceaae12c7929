import fp from 'fastify-plugin';
import { loadFileUrlSecret, sharedFileUrlSecret } from './file-url-secret.ts';
import { fileRoutes } from './file.routes.ts';
import { defaultFileUrlTtlSeconds, signFileUrl, verifyFileToken, type FileGrant, type SignFileUrlOptions } from './signed-url.ts';

/** Signed file URLs with the configured secret and lifetime. */
export interface FileUrls {
  /** An absolute-path URL (`/files/…`) valid for the configured lifetime unless `ttlSeconds` says otherwise. */
  sign(options: SignFileUrlOptions): string;
  /** The grant of a token; throws 403 `forbidden` when tampered or expired. */
  verify(token: string): FileGrant;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileUrls: FileUrls;
  }
}

/** The part of the configuration the file URLs read. */
export interface FileUrlsConfig {
  dataDir: string;
  FILE_URL_SECRET?: string;
  /** With a shared database, the secret is kept there for every process. */
  DATABASE_URL?: string;
  SIGNED_URL_TTL_SECONDS?: number;
  /** `s3`: `/files/…` redirects to a presigned URL of the bucket instead of streaming the bytes. */
  FILES_REDIRECT?: 'off' | 's3';
}

/** Decorates `app.fileUrls` and serves `/files/…` from `app.storage` (register the storage plugin first). */
export const fileUrlsPlugin = fp<{ config: FileUrlsConfig }>(
  async (app, { config }) => {
    const secret = config.DATABASE_URL
      ? await sharedFileUrlSecret(app.db, config.FILE_URL_SECRET)
      : await loadFileUrlSecret(config.dataDir, config.FILE_URL_SECRET);
    const ttlSeconds = config.SIGNED_URL_TTL_SECONDS ?? defaultFileUrlTtlSeconds;
    app.decorate('fileUrls', {
      sign: (options) => signFileUrl({ ...options, ttlSeconds: options.ttlSeconds ?? ttlSeconds }, secret),
      verify: (token) => verifyFileToken(token, secret),
    } satisfies FileUrls);
    const redirectToStorage = config.FILES_REDIRECT === 's3';
    if (redirectToStorage && !app.storage.presignRead) throw new Error('FILES_REDIRECT=s3 needs S3 storage: this file storage cannot presign URLs');
    await app.register(fileRoutes, { redirectToStorage });
  },
  { name: 'file-urls', dependencies: ['storage'] },
);
