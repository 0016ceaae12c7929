import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/job-runner.ts';
import { publishScheduledDocument, scheduledPublicationJobKind } from './admin-document.service.ts';

const scheduledPublicationPayload = z.object({
  documentId: z.string().min(1),
  at: z.string().min(1),
  actor: z.object({ sub: z.string().nullable(), name: z.string(), roles: z.array(z.string()), account: z.string().nullable() }).nullable(),
});

/** The publishing side's job kinds, for the API server and the worker alike. */
export function adminDocumentJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return {
    [scheduledPublicationJobKind]: async (payload) => {
      const parsed = scheduledPublicationPayload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      await publishScheduledDocument({ db: app.db, events: app.events, afterCommit: () => app.jobs.wake() }, parsed.data);
    },
  };
}
