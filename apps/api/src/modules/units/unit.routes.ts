import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  unitDetailQuerySchema,
  unitDetailSchema,
  unitFileParamsSchema,
  unitFileQuerySchema,
  unitFileUrlSchema,
  unitLabelsBodySchema,
  unitListResponseSchema,
  unitPackageQuerySchema,
  unitParamsSchema,
} from '@portal/contracts/units';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { publicUnitRoutes } from './public-unit.routes.ts';
import { labelFacts, labelsFor } from './unit-labels.service.ts';
import { labelsPdf } from './labels-pdf.ts';
import { labelPng, labelSvg } from './unit-label.ts';
import { unitFileUrl } from './unit-files.service.ts';
import { preparePackage } from './unit-package.service.ts';
import { getUnit, listUnits } from './unit.service.ts';
import { readerLanguage } from './reader-language.ts';

/**
 * The machine passport for everyone signed in: `/api/Units` (my equipment), one unit's page data,
 * signed URLs of the document versions it lists, its label, a PDF of labels and its offline package; and, without a token (public-unit.routes.ts),
 * `/id/{serial}`, the identification link, and the little its public page shows.
 */
export async function unitRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, publicUrl: app.config.publicUrl };
  const privateCaching = (reply: { header(name: string, value: string): unknown }) => reply.header('cache-control', 'private, no-store');

  await app.register(publicUnitRoutes);

  routes.get('/api/Units', { schema: { response: { 200: unitListResponseSchema, ...errorResponses } } }, (request) => listUnits(deps, request.user));

  routes.get(
    '/api/Units/:serial',
    { schema: { params: unitParamsSchema, querystring: unitDetailQuerySchema, response: { 200: unitDetailSchema, ...errorResponses } } },
    (request) => getUnit(deps, request.user, request.params.serial, request.query),
  );

  // One version the unit page lists (withdrawn ones kept for the unit too): to view, print or save.
  routes.get(
    '/api/Units/:serial/files/:versionId',
    { schema: { params: unitFileParamsSchema, querystring: unitFileQuerySchema, response: { 200: unitFileUrlSchema, ...errorResponses } } },
    async (request, reply) => {
      privateCaching(reply);
      const { serial, versionId } = request.params;
      return unitFileUrl({ ...deps, events: app.events, fileUrls: app.fileUrls }, request.user, serial, versionId, request.query, auditContextOf(request));
    },
  );

  routes.get('/api/Units/:serial/label.svg', { schema: { params: unitParamsSchema } }, async (request, reply) => {
    const svg = labelSvg(await labelFacts(deps, request.user, request.params.serial));
    privateCaching(reply);
    return reply.type('image/svg+xml; charset=utf-8').header('content-disposition', contentDisposition('inline', `${request.params.serial}-label.svg`)).send(svg);
  });

  routes.get('/api/Units/:serial/label.png', { schema: { params: unitParamsSchema } }, async (request, reply) => {
    const png = await labelPng(await labelFacts(deps, request.user, request.params.serial));
    privateCaching(reply);
    return reply.type('image/png').header('content-disposition', contentDisposition('inline', `${request.params.serial}-label.png`)).send(png);
  });

  routes.post('/api/Units/labels.pdf', { schema: { body: unitLabelsBodySchema } }, async (request, reply) => {
    const pdf = await labelsPdf(await labelsFor(deps, request.user, request.body.serials));
    privateCaching(reply);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', 'unit-labels.pdf')).send(Buffer.from(pdf));
  });

  routes.get('/api/Units/:serial/package', { schema: { params: unitParamsSchema, querystring: unitPackageQuerySchema } }, async (request, reply) => {
    const { fileName, stream } = await preparePackage({ ...deps, events: app.events, storage: app.storage, maker: app.config.MAKER_NAME }, request.user, request.params.serial, request.query.language ?? readerLanguage(request.headers['accept-language']), auditContextOf(request));
    privateCaching(reply);
    return reply.type('application/zip').header('content-disposition', contentDisposition('attachment', fileName)).send(stream);
  });
}
