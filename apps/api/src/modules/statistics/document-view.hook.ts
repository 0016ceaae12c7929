import type { FastifyReply, FastifyRequest } from 'fastify';
import { countDocumentView } from './statistics.service.ts';

/**
 * `onResponse` hook of the document data route (what the viewer loads when it opens a document): counts a
 * view once the answer is sent, so the count costs the reader nothing; a failed count is only logged.
 */
export async function recordDocumentView(request: FastifyRequest<{ Querystring: { documentId: string } }>, reply: FastifyReply): Promise<void> {
  if (reply.statusCode !== 200 || !request.user) return;
  try {
    await countDocumentView(request.server.db, request.user, request.query.documentId);
  } catch (error) {
    request.log.warn({ err: error }, 'document view not counted');
  }
}
