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
