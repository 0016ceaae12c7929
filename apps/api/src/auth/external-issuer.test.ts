import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';

/** Starts a standards-following mock issuer on a free local port. */
async function startIssuer(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  return server;
}

interface Claims {
  aud?: string;
  email_verified?: boolean;
}

const tokenFrom = (server: OAuth2Server, { aud = 'portal-api', email_verified = true }: Claims = {}) =>
  server.issuer.buildToken({
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud, sub: 'ext-employee-1', email: 'erin@example.com', email_verified, name: 'Erin External', roles: ['employee'] });
    },
  });

describe.each(await testDialects())('an external issuer (OIDC_ISSUER) on %s', (dialect) => {
  let issuer: OAuth2Server;
  let stranger: OAuth2Server;
  let test: TestApp;
  const me = (token: string) => test.app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    [issuer, stranger] = await Promise.all([startIssuer(), startIssuer()]);
    test = await createTestApp(dialect, { OIDC_ISSUER: issuer.issuer.url!, SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
  });
  afterAll(async () => {
    await test.close();
    await Promise.all([issuer.stop(), stranger.stop()]);
  });

  it('turns the embedded provider off', () => {
    expect(test.config.embeddedOidc).toBe(false);
    expect(test.config.oidcIssuer).toBe(issuer.issuer.url);
  });

  it('accepts a token of that issuer for the API audience on /api/Me', async () => {
    const response = await me(await tokenFrom(issuer));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'erin@example.com', name: 'Erin External', roles: ['employee'] });
  });

  it('refuses a token for another audience, one of another issuer, and one signed by another issuer in its name', async () => {
    expect((await me(await tokenFrom(issuer, { aud: 'another-api' }))).statusCode).toBe(401);
    expect((await me(await tokenFrom(stranger))).statusCode).toBe(401);
    const forged = await stranger.issuer.buildToken({
      scopesOrTransform: (_header, payload) => Object.assign(payload, { iss: issuer.issuer.url, aud: 'portal-api', sub: 'forged' }),
    });
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('trusts the e-mail of an external token only when it is verified', async () => {
    const response = await me(await tokenFrom(issuer, { email_verified: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: '', name: 'Erin External' });
  });

  it('mounts none of the embedded provider routes', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/oidc/me', '/oidc/auth?client_id=portal-web']) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await test.app.inject({ method: 'POST', url: '/oidc/token' })).statusCode).toBe(404);
  });
});
