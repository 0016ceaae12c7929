import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/job-runner.ts';
import { runUploadedImport } from './admin-import.runner.ts';
import { adminImportJobKind } from './admin-import.service.ts';

const payloadSchema = z.object({ importId: z.uuid() });

/** The import job, for the API server and the worker alike. */
export function adminImportJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return {
    [adminImportJobKind]: async (payload) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const deps = { db: app.db, events: app.events, storage: app.storage, maxBytes: app.config.UPLOAD_MAX_BYTES, referenceScheme: app.config.DOCUMENT_REFERENCE_SCHEME, dataDir: app.config.dataDir, log: app.log };
      await runUploadedImport(deps, parsed.data.importId);
    },
  };
}
