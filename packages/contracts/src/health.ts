import { z } from 'zod';

/**
 * Whether the demo content of a first start is in place: `preparing` while the seed still runs
 * (pages look empty and fill in by themselves), `failed` when it stopped with an error, otherwise
 * `ready` (also when the server seeds nothing).
 */
export const demoContentStates = ['preparing', 'ready', 'failed'] as const;
export type DemoContentState = (typeof demoContentStates)[number];

/** GET /healthz: liveness (the database answers) and the demo content's state. Public, no token. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  demoContent: z.enum(demoContentStates),
});
export type Health = z.infer<typeof healthSchema>;

/** Each backing service's state in a readiness answer; Redis is `off` when REDIS_URL is not set. */
export const readinessChecksSchema = z.object({
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  storage: z.enum(['up', 'down']),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/**
 * GET /readyz: whether this process should get traffic. 200 `ready` when every backing service
 * answers; 503 `unavailable` (with the failing checks) while one is down, or `draining` once the
 * process is shutting down. Public, no token.
 */
export const readinessSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), checks: readinessChecksSchema }),
  z.object({ status: z.literal('unavailable'), checks: readinessChecksSchema }),
  z.object({ status: z.literal('draining') }),
]);
export type Readiness = z.infer<typeof readinessSchema>;
