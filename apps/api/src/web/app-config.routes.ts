import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webConfigSchema, type WebConfig } from '@portal/contracts/web-config';
import type { Config } from '../config.ts';

export function webConfigFor(config: Config): WebConfig {
  return {
    apiBaseUrl: config.publicUrl,
    resourcesBaseUrl: `${config.publicUrl}/files`,
    oidc: { authority: config.oidcIssuer, clientId: config.OIDC_CLIENT_ID, scope: 'openid profile email' },
    subscriptionKey: config.API_SUBSCRIPTION_KEY ?? null,
    customerPortalUrl: config.CUSTOMER_PORTAL_URL,
    equipmentCenterUrl: config.EQUIPMENT_CENTER_URL,
    supportEmail: config.SUPPORT_EMAIL,
    salesContactEmail: config.SALES_CONTACT_EMAIL,
    sentryDsn: config.SENTRY_DSN ?? null,
  };
}

/** GET /app-config.json: the runtime settings the web app boots with (public, no token). */
export async function appConfigRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const body = webConfigFor(options.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/app-config.json',
    { schema: { response: { 200: webConfigSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(body),
  );
}
