import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageOptions } from './s3-file-storage.ts';

/** The part of s3rver's (untyped) API the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** s3rver knows one account; its key pair is fixed. */
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3rverTestServer {
  /** Options for an S3FileStorage on this server's bucket. */
  storageOptions: S3StorageOptions;
  /** Every request the server received as "METHOD key?query" (bucket stripped), in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A third-party S3 implementation (s3rver) on 127.0.0.1, a free port and its own temporary folder. */
export async function startS3rver(bucket = 'portal'): Promise<S3rverTestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const requests: string[] = [];
  const bucketPrefix = `/${bucket}/`;
  server.httpServer.on('request', (request: { method?: string; url?: string }) => {
    const url = new URL(request.url ?? '/', 'http://s3rver');
    const key = url.pathname.startsWith(bucketPrefix) ? decodeURIComponent(url.pathname.slice(bucketPrefix.length)) : url.pathname;
    requests.push(`${request.method} ${key}${url.search}`);
  });
  return {
    storageOptions: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', ...s3rverCredentials },
    requests,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
