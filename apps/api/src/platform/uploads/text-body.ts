import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `app` (a plugin's scope) take a plain text body of these media types, up
 * to `maxBytes` (413 past it): CSV imports read it as a string.
 */
export function acceptTextBody(app: FastifyInstance, mediaTypes: string[], maxBytes: number): void {
  app.addContentTypeParser(mediaTypes, { parseAs: 'string', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
}
