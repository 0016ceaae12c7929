import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/job-runner.ts';
import { alertDeps } from './alert-deps.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import { runAlertTick } from './alert-schedule.service.ts';
import { fanOutPublication } from './fan-out.service.ts';
import { fanOutCadRelease, fanOutSoftwareVersion } from './release-fan-out.ts';
import { sendDigest, sendImmediateMails } from './mail.service.ts';
import { fanOutCatchUp } from './translation-catch-up.ts';

function payloadOf<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
  return parsed.data;
}

const versionPayload = z.object({ versionId: z.string().min(1) });
const mailPayload = z.object({ ids: z.array(z.string().min(1)).min(1) });
const digestPayload = z.object({ userSub: z.string().min(1) });

/** The alerts' job kinds, for the API server and the worker alike. */
export function alertJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  const deps = () => alertDeps(app);
  return {
    [alertJobKinds.fanOut]: async (payload) => {
      await fanOutPublication(deps(), payloadOf(versionPayload, payload).versionId);
    },
    [alertJobKinds.fanOutSoftware]: async (payload) => {
      await fanOutSoftwareVersion(deps(), payloadOf(versionPayload, payload).versionId);
    },
    [alertJobKinds.fanOutCad]: async (payload) => {
      await fanOutCadRelease(deps(), payloadOf(versionPayload, payload).versionId);
    },
    [alertJobKinds.fanOutCatchUp]: async (payload) => {
      await fanOutCatchUp(deps(), payloadOf(versionPayload, payload).versionId);
    },
    [alertJobKinds.mail]: (payload) => sendImmediateMails(deps(), payloadOf(mailPayload, payload).ids),
    [alertJobKinds.digest]: (payload) => sendDigest(deps(), payloadOf(digestPayload, payload).userSub),
    [alertJobKinds.tick]: () => runAlertTick(deps().db),
  };
}
