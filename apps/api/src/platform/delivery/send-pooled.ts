import type { OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { releasingSink, type BufferPool } from './buffer-pool.ts';

/**
 * Sends a stream whose chunks come from `pool` to the client, handing each chunk back once the
 * socket has written it. Fastify's own sending cannot say when that is, so the reply is hijacked:
 * the status and the headers set so far (by hooks and the route) are written as they are. A failure
 * midway (a stored file gone, the client leaving) ends the connection, so the download is seen as broken.
 */
export async function sendPooledStream(reply: FastifyReply, stream: Readable, pool: BufferPool): Promise<void> {
  reply.hijack();
  reply.raw.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  try {
    await pipeline(stream, releasingSink(reply.raw, pool));
  } catch (error) {
    reply.log.warn({ err: error }, 'download ended before its last byte');
    reply.raw.destroy();
  }
}
