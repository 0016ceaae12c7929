import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../errors.ts';
import type { ByteRange } from '../storage/file-storage.ts';
import { downloadBufferPool } from './buffer-pool.ts';
import { contentDisposition, noneMatch, parseRange, rangeStillValid } from './http-range.ts';
import { sendPooledStream } from './send-pooled.ts';
import { filesPathPrefix, type FileGrant } from './signed-url.ts';
import { redirectToStorage } from './storage-redirect.ts';

/** Types a browser would run as active content on our origin: they are sandboxed when opened directly. */
const activeContent = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

/** Stored files are content-addressed (`ab/cd/<sha256>`): the hash is a strong validator of the bytes. */
function entityTag(storageKey: string): string {
  return `"${storageKey.split('/').at(-1)}"`;
}

function fileHeaders(reply: FastifyReply, grant: FileGrant, etag: string): void {
  const secondsLeft = Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000));
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', `private, max-age=${secondsLeft}`)
    .header('x-content-type-options', 'nosniff');
}

type FileRequest = FastifyRequest<{ Params: { '*': string } }>;

/** Streams the bytes; local files are read into the shared pool of reused buffers (no allocation per chunk). */
async function sendBytes(app: FastifyInstance, reply: FastifyReply, key: string, range?: ByteRange): Promise<void> {
  await sendPooledStream(reply, await app.storage.read(key, range, downloadBufferPool), downloadBufferPool);
}

export interface FileRoutesOptions {
  /**
   * FILES_REDIRECT=s3: answer GETs with a redirect to the storage's presigned URL. HEAD (a presigned
   * GET does not answer it) and active content (which needs our sandbox header) are still served here.
   */
  redirectToStorage?: boolean;
}

async function serveFile(app: FastifyInstance, options: FileRoutesOptions, request: FileRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const grant = app.fileUrls.verify(request.params['*'].split('/')[0]);
  const stat = await app.storage.stat(grant.storageKey);
  if (!stat) throw notFound('notFound', 'This file is no longer stored.');
  const { presignRead } = app.storage;
  if (options.redirectToStorage && presignRead && request.method === 'GET' && !activeContent.test(grant.mediaType)) {
    return redirectToStorage({ presignRead: presignRead.bind(app.storage) }, grant, reply);
  }
  const etag = entityTag(grant.storageKey);
  fileHeaders(reply, grant, etag);
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const wanted = rangeStillValid(Array.isArray(ifRange) ? ifRange[0] : ifRange, etag) ? parseRange(request.headers.range, stat.size) : ({ kind: 'full' } as const);
  if (wanted.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${stat.size}`);
    throw new AppError(416, 'invalidParameters', `The requested range is outside the file's ${stat.size} bytes.`);
  }

  reply.header('content-type', grant.mediaType).header('content-disposition', contentDisposition(grant.disposition, grant.fileName));
  if (activeContent.test(grant.mediaType)) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (wanted.kind === 'partial') {
    const { start, end } = wanted.range;
    reply.status(206).header('content-range', `bytes ${start}-${end}/${stat.size}`).header('content-length', end - start + 1);
    return request.method === 'HEAD' ? reply.send() : sendBytes(app, reply, grant.storageKey, wanted.range);
  }
  reply.header('content-length', stat.size);
  // An empty file needs no stream (and an empty byte range would be invalid).
  if (request.method === 'HEAD' || stat.size === 0) return reply.send();
  return sendBytes(app, reply, grant.storageKey);
}

/**
 * `GET /files/<token>/<name>`: the file a signed URL grants, streamed from storage. No bearer token:
 * the signature is the credential. Single byte ranges (206/416), ETag with If-None-Match (304)
 * and If-Range, and Content-Disposition with the real file name; or, with `redirectToStorage`, a
 * redirect to the storage once the signature, expiry and file are checked.
 */
export async function fileRoutes(app: FastifyInstance, options: FileRoutesOptions = {}): Promise<void> {
  // HEAD is declared rather than auto-exposed: Fastify's automatic HEAD would read the whole stream.
  app.route({ method: ['GET', 'HEAD'], url: `${filesPathPrefix}*`, handler: (request: FileRequest, reply) => serveFile(app, options, request, reply) });
}
