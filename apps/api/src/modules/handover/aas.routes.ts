import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aasSubmodelParamsSchema } from '@portal/contracts/handover';
import { unitPackageQuerySchema, unitParamsSchema } from '@portal/contracts/units';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { badRequest } from '../../platform/errors.ts';
import { readerLanguage } from '../units/index.ts';
import { aasJson, aasJsonMediaType, addAcceptConstraint } from './aas-accept.ts';
import { prepareAasxExport, unitShellJson, unitSubmodelJson } from './aas-export.service.ts';
import { aasxMediaType } from './aasx-package.ts';

/** The AAS API's identifier encoding in paths: base64url without padding. */
function decodeIdentifier(encoded: string): string {
  const id = Buffer.from(encoded, 'base64url').toString('utf8');
  if (Buffer.from(id, 'utf8').toString('base64url') !== encoded.replace(/=+$/, '')) throw badRequest('invalidParameters', 'The submodel identifier is not base64url-encoded.');
  return id;
}

/**
 * The unit's Asset Administration Shell, for whoever may see the unit (404 otherwise):
 * `GET /api/Units/{serial}/aasx`, the AASX package; `GET /api/Units/{serial}/aas/submodels/{id}`, one submodel
 * (id base64url-encoded, as the AAS API does); and `GET /id/{serial}` asked for `application/aas+json` with a
 * bearer token, the shell (the same path without that Accept stays the units module's redirect to the page).
 */
export async function aasRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl, makerName: app.config.MAKER_NAME };
  addAcceptConstraint(app);

  routes.get('/api/Units/:serial/aasx', { schema: { params: unitParamsSchema, querystring: unitPackageQuerySchema } }, async (request, reply) => {
    const { fileName, stream } = await prepareAasxExport(deps, request.user, request.params.serial, request.query.language ?? readerLanguage(request.headers['accept-language']));
    return reply.type(aasxMediaType).header('cache-control', 'private, no-store').header('content-disposition', contentDisposition('attachment', fileName)).send(stream);
  });

  routes.get(
    '/api/Units/:serial/aas/submodels/:submodelIdentifier',
    { schema: { params: aasSubmodelParamsSchema, querystring: unitPackageQuerySchema } },
    async (request, reply) => {
      const { serial, submodelIdentifier } = request.params;
      const submodel = await unitSubmodelJson(deps, request.user, serial, decodeIdentifier(submodelIdentifier), request.query.language ?? readerLanguage(request.headers['accept-language']));
      return reply.header('cache-control', 'private, no-store').type('application/json').send(submodel);
    },
  );

  // The identification link answering a machine: the same path as the page's redirect, told apart by Accept.
  routes.get(
    '/id/:serial',
    { constraints: { accept: aasJson }, config: { bearerToken: true }, schema: { params: unitParamsSchema, querystring: unitPackageQuerySchema } },
    async (request, reply) => {
      const shell = await unitShellJson(deps, request.user, request.params.serial, request.query.language ?? readerLanguage(request.headers['accept-language']));
      return reply.header('vary', 'Accept').header('cache-control', 'private, no-store').type(aasJsonMediaType).send(shell);
    },
  );
}
