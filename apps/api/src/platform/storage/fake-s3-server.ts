import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

/**
 * A tiny in-process S3 (path-style, one bucket, no signature checks) for tests of S3FileStorage:
 * PUT/GET (with Range)/HEAD/DELETE of objects, CopyObject and multipart uploads.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** Every request as "METHOD key?query", in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const requests: string[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const prefix = `/${bucket}/`;
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const query = url.searchParams;
    requests.push(`${request.method} ${key}${url.search}`);
    const body = await buffer(request);
    const xml = (status: number, content: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${content}`);
    };
    const copySource = request.headers['x-amz-copy-source'];

    if (request.method === 'POST' && query.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, new Map());
      return xml(200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (request.method === 'PUT' && query.has('uploadId')) {
      uploads.get(query.get('uploadId') ?? '')?.set(Number(query.get('partNumber')), body);
      response.writeHead(200, { etag: `"${randomUUID()}"` }).end();
      return;
    }
    if (request.method === 'POST' && query.has('uploadId')) {
      const parts = uploads.get(query.get('uploadId') ?? '') ?? new Map<number, Buffer>();
      objects.set(key, Buffer.concat([...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part)));
      return xml(200, `<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
    }
    if (request.method === 'PUT' && typeof copySource === 'string') {
      const sourceKey = decodeURIComponent(copySource.replace(/^\/?[^/]+\//, ''));
      const source = objects.get(sourceKey);
      if (!source) return xml(404, '<Error><Code>NoSuchKey</Code><Message>no source</Message></Error>');
      objects.set(key, source);
      return xml(200, '<CopyObjectResult><ETag>"copied"</ETag></CopyObjectResult>');
    }
    if (request.method === 'PUT') {
      objects.set(key, body);
      response.writeHead(200, { etag: '"put"' }).end();
      return;
    }
    if (request.method === 'DELETE') {
      if (query.has('uploadId')) uploads.delete(query.get('uploadId') ?? '');
      else objects.delete(key);
      response.writeHead(204).end();
      return;
    }
    const object = objects.get(key);
    if (!object) {
      if (request.method === 'HEAD') return void response.writeHead(404).end();
      return xml(404, '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
    }
    if (request.method === 'HEAD') return void response.writeHead(200, { 'content-length': object.length }).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (range) {
      const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.length - 1)];
      response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${object.length}`, 'content-length': end - start + 1 });
      return void response.end(object.subarray(start, end + 1));
    }
    response.writeHead(200, { 'content-length': object.length }).end(object);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
