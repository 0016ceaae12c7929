import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unitPackageQuerySchema, unitParamsSchema } from '@portal/contracts/units';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { readerLanguage } from '../units/index.ts';
import { findExecutable } from '../../previews/system-tools.ts';
import { prepareVdi2770Export } from './vdi2770-export.service.ts';

/** `GET /api/Units/{serial}/vdi2770`: the unit's documentation as a VDI 2770 documentation container, for whoever may see the unit. */
export async function vdi2770Routes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const gs = await findExecutable(['gs']);
  if (!gs) app.log.warn('ghostscript (gs) is not installed: the VDI 2770 export hands PDFs over as they are, not as PDF/A');
  const deps = { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl, makerName: app.config.MAKER_NAME, gs };

  routes.get('/api/Units/:serial/vdi2770', { schema: { params: unitParamsSchema, querystring: unitPackageQuerySchema } }, async (request, reply) => {
    const { fileName, stream } = await prepareVdi2770Export(deps, request.user, request.params.serial, request.query.language ?? readerLanguage(request.headers['accept-language']));
    return reply.type('application/zip').header('cache-control', 'private, no-store').header('content-disposition', contentDisposition('attachment', fileName)).send(stream);
  });
}
