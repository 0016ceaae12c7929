import { z } from 'zod';

/**
 * Runtime configuration the web app fetches from GET /app-config.json before it boots,
 * so one build serves every deployment.
 */
export const webConfigSchema = z.object({
  apiBaseUrl: z.string(),
  resourcesBaseUrl: z.string(),
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
  }),
  subscriptionKey: z.string().nullable(),
  customerPortalUrl: z.string(),
  equipmentCenterUrl: z.string(),
  supportEmail: z.string(),
  salesContactEmail: z.string(),
  sentryDsn: z.string().nullable(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;

export * from './subscription-key.ts';
