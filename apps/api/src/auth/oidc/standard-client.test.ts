import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { browser } from '../testing/browser.ts';
import { freePort } from '../../test/free-port.ts';
import { signInThroughForm } from '../testing/sign-in-form.ts';
import { demoPassword } from './demo-accounts.ts';

/** A certified relying-party library (openid-client) against the embedded provider, over real HTTP. */
describe.each(await testDialects())('a standard OpenID client against the embedded provider on %s', (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  let config: Config;
  let port: number;
  let base: string;
  let app: FastifyInstance;
  let oidc: client.Configuration;

  const start = async () => {
    app = await buildApp({ config, database });
    await app.listen({ port, host: '127.0.0.1' });
  };
  /** Close the server and start a new one on the same database and DATA_DIR, as a restart does. */
  const restart = async () => {
    await app.close();
    await start();
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dataDir = await mkdtemp(join(tmpdir(), 'portal-client-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
    await start();
    oidc = await client.discovery(new URL(`${base}/oidc`), 'portal-web', undefined, client.None(), { execute: [client.allowInsecureRequests] });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(go: ReturnType<typeof browser>, scope = 'openid profile email offline_access') {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const redirectUri = `${base}/login/callback`;
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: redirectUri, scope, prompt: 'consent', state, nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
    const callback = await signInThroughForm(go, url, { email: 'partner@demo.example', password: demoPassword }, redirectUri);
    return client.authorizationCodeGrant(oidc, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
  }

  it('runs code + PKCE with a validated ID token, loads userinfo and refreshes', async () => {
    const tokens = await signIn(browser(base));
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ sub: 'demo-partner', iss: `${base}/oidc`, aud: 'portal-web' });

    const userinfo = await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ sub: 'demo-partner', email: 'partner@demo.example', name: 'Paul Partner', roles: ['partner'], account: 'PARTNER-01' });

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(oidc, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ sub: 'demo-partner' });
    const me = await fetch(`${base}/api/Me`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(await me.json()).toMatchObject({ email: 'partner@demo.example', roles: ['partner'] });
    expect((await client.fetchUserInfo(oidc, refreshed.access_token, claims.sub)).sub).toBe('demo-partner');
  });

  it('answers userinfo only the claims of the granted scopes', async () => {
    const tokens = await signIn(browser(base), 'openid');
    const userinfo = await client.fetchUserInfo(oidc, tokens.access_token, 'demo-partner');
    expect(userinfo).toEqual({ sub: 'demo-partner' });
  });

  it('keeps the user signed in over a restart: the refresh token and the provider session still work', async () => {
    const go = browser(base);
    const tokens = await signIn(go);
    await restart();

    const refreshed = await client.refreshTokenGrant(oidc, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ sub: 'demo-partner' });

    // The provider's session cookie from before the restart signs the browser in again without the form.
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: `${base}/login/callback`, scope: 'openid profile email', state: 'after-restart',
      code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
    let response = await go(url.href);
    for (let hops = 0; hops < 10 && !response.headers.get('location')!.startsWith(`${base}/login/callback`); hops++) {
      expect(response.headers.get('location')).not.toMatch(/\/login$/);
      response = await go(response.headers.get('location')!);
      expect(await response.clone().text()).not.toContain('name="password"');
    }
    const callback = new URL(response.headers.get('location')!);
    const again = await client.authorizationCodeGrant(oidc, callback, { pkceCodeVerifier: verifier, expectedState: 'after-restart' });
    expect(again.claims()).toMatchObject({ sub: 'demo-partner' });
  });
});
