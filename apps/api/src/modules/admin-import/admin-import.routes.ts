import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { multipart } from '../../platform/uploads/index.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminImportAcceptedSchema,
  adminImportListQuerySchema,
  adminImportPageSchema,
  adminImportParamsSchema,
  adminImportSchema,
  importedDocumentsSchema,
  importPreviewSchema,
} from '@portal/contracts/admin-import';
import { errorBodySchema } from '@portal/contracts/errors';
import { auditContextOf } from '../audit/index.ts';
import { createImport, getImport, getImportPage, importedDocumentsOf, importFolderOf, importReportCsvOf, importsFolderOf, previewUpload } from './admin-import.service.ts';
import { receiveUpload } from './import-upload.ts';
import { removeStaleUploads } from './stale-uploads.ts';
import { uploadLimits, type UploadLimits } from './upload-paths.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export interface AdminImportRouteOptions {
  maxUploadBytes: number;
  /** Tighter bounds than the contract's (tests). */
  limits?: Partial<UploadLimits>;
}

/** Imports from the browser: a zip or a folder becomes an import job; its progress, report and CSV. Publishers and admins. */
export async function adminImportRoutes(app: FastifyInstance, options: AdminImportRouteOptions): Promise<void> {
  await app.register(multipart);
  const limits = uploadLimits(options.maxUploadBytes, options.limits);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onReady', async () => {
    const removed = await removeStaleUploads(app.db, importsFolderOf(app.config.dataDir));
    if (removed.length > 0) app.log.info({ removed }, 'removed the temporary folders of imports left behind');
  });

  routes.post(
    '/api/Admin/imports',
    { schema: { response: { 200: importPreviewSchema, 202: adminImportAcceptedSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema } } },
    async (request, reply) => {
      const id = randomUUID();
      const folder = importFolderOf(app.config.dataDir, id);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      try {
        const upload = await receiveUpload(request, folder, limits);
        if (upload.dryRun) {
          const preview = await previewUpload(app.db, folder, upload, { maxBytes: app.config.UPLOAD_MAX_BYTES, referenceScheme: app.config.DOCUMENT_REFERENCE_SCHEME });
          // A dry run leaves nothing behind: its files are gone before it answers.
          await rm(folder, { recursive: true, force: true });
          return reply.status(200).send(preview);
        }
        return reply.status(202).send(await createImport({ db: app.db, afterCommit: () => app.jobs.wake() }, id, upload, auditContextOf(request)));
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
    },
  );

  routes.get('/api/Admin/imports', { schema: { querystring: adminImportListQuerySchema, response: { 200: adminImportPageSchema, ...errors } } }, (request) => {
    return getImportPage(app.db, request.query.page, request.query.pageSize);
  });

  routes.get('/api/Admin/imports/:id', { schema: { params: adminImportParamsSchema, response: { 200: adminImportSchema, ...errors } } }, (request) => {
    return getImport(app.db, request.params.id);
  });

  routes.get('/api/Admin/imports/:id/documents', { schema: { params: adminImportParamsSchema, response: { 200: importedDocumentsSchema, ...errors } } }, (request) => {
    return importedDocumentsOf(app.db, request.params.id);
  });

  routes.get('/api/Admin/imports/:id/report.csv', { schema: { params: adminImportParamsSchema } }, async (request, reply) => {
    const csv = await importReportCsvOf(app.db, request.params.id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="import-${request.params.id}.csv"`).send(csv);
  });
}
