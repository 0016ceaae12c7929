import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { SigningKeys } from '../signing-keys.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { isSubjectDisabled } from '../../modules/users/index.ts';
import { createAccountDirectory } from '../accounts/account-directory.ts';
import { createLocalAccounts } from '../accounts/local-accounts.ts';
import { createModelAdapterFactory } from './adapters/model-adapter.ts';
import { createOidcProvider } from './provider.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { withSignInMetrics } from './sign-in-metrics.ts';

/**
 * The embedded sign-in provider under /oidc: its state in the database (short-lived parts and the
 * throttling in Redis when REDIS_URL is set, so several servers share them), local accounts, and a
 * loud warning while the published demo accounts work.
 */
export async function embeddedSignIn(app: FastifyInstance, options: { config: Config; keys: SigningKeys }): Promise<void> {
  const { config, keys } = options;
  // The process's shared client (platform/redis.ts), opened when REDIS_URL is set.
  const redis = app.redis;
  if (config.demoAccounts) {
    app.log.warn(
      { demoAccounts: demoAccounts.map((account) => account.email), publicUrl: config.publicUrl },
      `DEMO ACCOUNTS ARE ON: anyone reaching this server can sign in as admin with the published password "${demoPassword}". ` +
        'They work only on a local PUBLIC_URL or with DEMO_ACCOUNTS=true; set DEMO_ACCOUNTS=false or OIDC_ISSUER to turn them off.',
    );
  }
  const accounts = createAccountDirectory({ localAccounts: createLocalAccounts(app.db), demoAccounts: config.demoAccounts, isDisabled: isSubjectDisabled(app.db) });
  const adapter = createModelAdapterFactory({ db: app.db, redis });
  await app.register(oidcRoutes, {
    provider: createOidcProvider(config, { keys, adapter, accounts }),
    redirectOrigins: config.webOrigins,
    demoAccounts: config.demoAccounts,
    accounts,
    userinfo: { issuer: config.oidcIssuer, audience: config.OIDC_AUDIENCE, publicJwks: keys.publicJwks, origins: config.webOrigins },
    throttle: withSignInMetrics(createSignInThrottle({ redis }), app.metrics),
  });
}
