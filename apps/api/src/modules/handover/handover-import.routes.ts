import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { handoverImportMetadataSchema, handoverImportReportSchema, type HandoverImportMetadata } from '@portal/contracts/handover';
import { badRequest, errorResponses } from '../../platform/errors.ts';
import { errorBodySchema } from '@portal/contracts/errors';
import { cleanFileName, multipart, parseMetadata, readMultipartForm } from '../../platform/uploads/index.ts';
import { withTempDir } from '../../previews/stored-file-access.ts';
import { uploadLimits, type UploadLimits } from '../admin-import/index.ts';
import { auditContextOf } from '../audit/index.ts';
import { checkHandoverTarget, importHandover } from './handover-import.service.ts';

export interface HandoverImportRouteOptions {
  maxUploadBytes: number;
  /** Tighter bounds than the import's (tests). */
  limits?: Partial<UploadLimits>;
}

/**
 * `POST /api/Admin/handover-imports` (publishers and admins, gated by the console's admin-role hook): multipart with a
 * `metadata` field ({ product } or { unit }) first, then the `file` (a VDI 2770 documentation container or an AASX).
 * Answers the report: the drafts taken and what was refused, and why.
 */
export async function handoverImportRoutes(app: FastifyInstance, options: HandoverImportRouteOptions): Promise<void> {
  await app.register(multipart);
  const limits = uploadLimits(options.maxUploadBytes, options.limits);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, events: app.events, afterCommit: () => app.jobs.wake(), storage: app.storage, maxUploadBytes: options.maxUploadBytes, limits };

  routes.post('/api/Admin/handover-imports', { schema: { response: { 200: handoverImportReportSchema, ...errorResponses, 413: errorBodySchema, 415: errorBodySchema } } }, (request) =>
    withTempDir(async (folder) => {
      const zipPath = join(folder, 'upload.zip');
      let metadata: HandoverImportMetadata | undefined;
      let fileName: string | undefined;
      await readMultipartForm(request, {
        notMultipart: 'Send multipart/form-data with a metadata field, then the file (a VDI 2770 documentation container or an AASX).',
        declaredLimit: { bytes: limits.maxTotalBytes + 1024 * 1024, message: `A handover holds at most ${limits.maxTotalBytes} bytes.` },
        limits: { files: 1, fields: 1, fieldSize: 4096, fileSize: limits.maxTotalBytes },
        onField: (name, value) => {
          if (name === 'metadata') metadata = parseMetadata(handoverImportMetadataSchema, value);
        },
        onFile: async (file) => {
          if (metadata === undefined) throw badRequest('invalidParameters', 'Send the metadata field before the file.');
          await checkHandoverTarget(deps, request.user, metadata);
          fileName = cleanFileName(file.filename) || 'handover.zip';
          // The parser ends the stream with 413 past `fileSize`.
          await pipeline(file.stream, createWriteStream(zipPath, { flags: 'wx', mode: 0o600 }));
        },
      });
      if (metadata === undefined) throw badRequest('invalidParameters', 'The metadata field is missing.');
      if (fileName === undefined) throw badRequest('invalidParameters', 'The file field is missing.');
      return importHandover(deps, request.user, metadata, { zipPath, folder, fileName }, auditContextOf(request));
    }),
  );
}
