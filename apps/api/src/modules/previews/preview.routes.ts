import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@portal/contracts/errors';
import {
  documentPreviewQuerySchema,
  modelPreviewQuerySchema,
  modelPreviewResponseSchema,
  thumbnailQuerySchema,
  thumbnailResponseSchema,
  videoPreviewQuerySchema,
  videoPreviewResponseSchema,
} from '@portal/contracts/previews';
import { AppError } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { filesPathPrefix } from '../../platform/delivery/signed-url.ts';
import { assertVideo, previewPdfKeyOf, readableCurrentVersion, thumbnailKeyOf } from './preview.service.ts';
import { findPosterKey, readableDocumentVersion, readerFileName, readerPdfName } from '../documents/index.ts';
import { mayStillWatch } from './player-access.ts';
import { modelPreviewOf, signerFor } from '../../previews/model-preview.service.ts';
import { expiredPlayerPage, videoPlayerPage } from './video-player-page.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/** The player page lives outside /api: an iframe cannot send the bearer token, the signed token is the credential. */
export const playerPathPrefix = '/player/';

/** How long the video URL inside an opened player stays valid: long enough to watch and seek. */
const playbackTtlSeconds = 4 * 60 * 60;

/*
 * `applicationId` (thumbnail, videoPreview, documentPreview) is the calling application's id
 * (spec §7); it is accepted and ignored. `videoName` and `documentName` are display names the
 * client already knows; the name readers get the document under (readerFileName) is used instead.
 */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/Content/thumbnail',
    { schema: { querystring: thumbnailQuerySchema, response: { 200: thumbnailResponseSchema, ...errors } } },
    async (request, reply) => {
      const { document, version } = await readableCurrentVersion(app.db, request.user, request.query.documentId);
      const { key, ready } = await thumbnailKeyOf(app.previews, version);
      const url = app.fileUrls.sign({
        storageKey: key, fileName: `${document.serviceRef}-${version.resourceVersion}.png`, mediaType: 'image/png',
        userSub: request.user.sub, disposition: 'inline',
      });
      // The answer holds a signed URL: cacheable by this user's browser for less than the URL lives.
      reply.header('cache-control', ready ? `private, max-age=${Math.max(0, (app.config.SIGNED_URL_TTL_SECONDS ?? 300) - 60)}` : 'no-store');
      return { data: url };
    },
  );

  routes.get(
    '/api/Content/videoPreview',
    { schema: { querystring: videoPreviewQuerySchema, response: { 200: videoPreviewResponseSchema, ...errors } } },
    async (request, reply) => {
      const { document, version } = await readableCurrentVersion(app.db, request.user, request.query.documentId);
      assertVideo(version);
      const fileName = readerFileName(document, version.fileName);
      const fileUrl = app.fileUrls.sign({ storageKey: version.storageKey, fileName, mediaType: version.mediaType, userSub: request.user.sub, disposition: 'inline' });
      // A JSON string, like every other answer (a bare string would go out as text/plain).
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      return JSON.stringify(`${playerPathPrefix}${fileUrl.slice(filesPathPrefix.length)}`);
    },
  );

  routes.get(
    '/api/Content/documentPreview',
    { schema: { querystring: documentPreviewQuerySchema, response: errors } },
    async (request, reply) => {
      const { document, version } = await readableCurrentVersion(app.db, request.user, request.query.documentId);
      const key = await previewPdfKeyOf(app.previews, version);
      const size = (await app.storage.stat(key))?.size;
      if (size === undefined) throw new AppError(404, 'notFound', 'The preview file is no longer stored.');
      const pdfName = readerPdfName(document);
      // The bytes bypass the JSON serializer; the typed reply only knows the error bodies.
      return (reply as unknown as FastifyReply)
        .type('application/pdf')
        .header('content-length', size)
        .header('content-disposition', contentDisposition('inline', pdfName))
        .header('cache-control', 'private, no-store')
        .send(await app.storage.read(key));
    },
  );

  routes.get(
    '/api/Content/modelPreview',
    { schema: { querystring: modelPreviewQuerySchema, response: { 200: modelPreviewResponseSchema, ...errors } } },
    async (request, reply) => {
      const { documentId, versionId } = request.query;
      const version = await readableDocumentVersion(app.db, request.user, documentId, versionId);
      reply.header('cache-control', 'no-store');
      return modelPreviewOf(app.db, signerFor(app.fileUrls, request.user.sub), version);
    },
  );

  // `/player/<token>/<name>`: a wildcard, since tokens are longer than Fastify allows a named parameter to be.
  routes.get(`${playerPathPrefix}*`, { schema: { params: z.object({ '*': z.string() }) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    let grant;
    try {
      grant = app.fileUrls.verify(request.params['*'].split('/')[0]);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 403) return reply.status(403).send(expiredPlayerPage());
      throw error;
    }
    if (!/^(video|audio)\//.test(grant.mediaType)) return reply.status(404).send(expiredPlayerPage());
    // The page hands out a fresh long-lived URL: only to a user who may still read the video today.
    if (!(await mayStillWatch(app.db, grant.userSub, grant.storageKey))) return reply.status(403).send(expiredPlayerPage());
    const sign = (storageKey: string, fileName: string, mediaType: string) =>
      app.fileUrls.sign({ storageKey, fileName, mediaType, userSub: grant.userSub, disposition: 'inline', ttlSeconds: playbackTtlSeconds });
    const posterKey = await findPosterKey(app.db, grant.storageKey);
    return reply.send(
      videoPlayerPage({
        title: grant.fileName,
        videoUrl: sign(grant.storageKey, grant.fileName, grant.mediaType),
        mediaType: grant.mediaType,
        posterUrl: posterKey ? sign(posterKey, 'poster.png', 'image/png') : undefined,
      }),
    );
  });
}
