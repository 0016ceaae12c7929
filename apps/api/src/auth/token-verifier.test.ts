import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signTestToken, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { audienceAllows } from '../platform/access/audience.ts';
import { createTokenVerifier, userFromClaims } from './token-verifier.ts';

/** A stand-in for an external identity provider: discovery document and JWKS only. */
async function startIssuer(): Promise<{ issuer: string; key: JWK; requests: string[]; server: Server }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'remote-1', alg: 'RS256' };
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicKey } = key;
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url!);
    response.setHeader('content-type', 'application/json');
    if (request.url === '/realm/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer: `${issuer}`, jwks_uri: `${issuer}/keys` }));
    } else if (request.url === '/realm/keys') {
      response.end(JSON.stringify({ keys: [publicKey] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}/realm`;
  return { issuer, key, requests, server };
}

describe('token verification against a remote issuer', () => {
  let remote: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    remote = await startIssuer();
  });
  afterAll(() => new Promise((resolve) => remote.server.close(resolve)));

  const claims = { sub: 'ext-1', email: 'ext@example.com', name: 'External', roles: ['partner', 'superuser'], account: 'P-9' };

  it('fetches the keys through discovery and checks issuer, audience and expiry', async () => {
    const verify = createTokenVerifier({ issuer: remote.issuer, audience: 'portal-api' });
    const good = await signTestToken(remote.key, claims, { issuer: remote.issuer, audience: 'portal-api' });
    await expect(verify(good)).resolves.toEqual({ sub: 'ext-1', email: 'ext@example.com', name: 'External', roles: ['partner'], account: 'P-9' });
    expect(remote.requests).toEqual(['/realm/.well-known/openid-configuration', '/realm/keys']);

    const refused = [
      await signTestToken(remote.key, claims, { issuer: 'http://other.example.com', audience: 'portal-api' }),
      await signTestToken(remote.key, claims, { issuer: remote.issuer, audience: 'someone-else' }),
      await signTestToken(remote.key, claims, { issuer: remote.issuer, audience: 'portal-api', expiresAt: 1_000_000 }),
    ];
    for (const token of refused) await expect(verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('remembers a verified token until it expires, and never a tampered one', async () => {
    const verify = createTokenVerifier({ issuer: remote.issuer, audience: 'portal-api' });
    const now = Math.floor(Date.now() / 1000);
    const token = await signTestToken(remote.key, claims, { issuer: remote.issuer, audience: 'portal-api', expiresAt: now + 60 });
    await expect(verify(token)).resolves.toMatchObject({ sub: 'ext-1' });
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), roles: ['admin'] })).toString('base64url');
    await expect(verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ statusCode: 401 });

    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      await expect(verify(token)).resolves.toMatchObject({ sub: 'ext-1' });
      vi.setSystemTime(Date.now() + 61_000);
      await expect(verify(token)).rejects.toMatchObject({ statusCode: 401 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('e-mail of an external issuer', () => {
  let remote: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    remote = await startIssuer();
  });
  afterAll(() => new Promise((resolve) => remote.server.close(resolve)));

  const rules = [{ kind: 'user' as const, value: 'victim@example.com', expiresAt: null }];
  const sign = (claims: Record<string, unknown>) =>
    signTestToken(remote.key, { sub: 'ext-3', email: 'victim@example.com', roles: ['customer'], ...claims }, { issuer: remote.issuer, audience: 'portal-api' });

  it('matches a user audience rule only when the token marks the e-mail verified', async () => {
    const verify = createTokenVerifier({ issuer: remote.issuer, audience: 'portal-api', requireVerifiedEmail: true });
    for (const claims of [{}, { email_verified: false }, { email_verified: 'true' }, { email_verified: 1 }]) {
      const user = await verify(await sign(claims));
      expect(user.email, JSON.stringify(claims)).toBe('');
      expect(user.name).toBe('victim@example.com');
      expect(audienceAllows(user, 'restricted', rules), JSON.stringify(claims)).toBe(false);
    }
    const verified = await verify(await sign({ email_verified: true }));
    expect(verified.email).toBe('victim@example.com');
    expect(audienceAllows(verified, 'restricted', rules)).toBe(true);
  });
});

describe('claims mapping', () => {
  it('falls back to the e-mail, then the subject, for a missing name and drops unknown roles', () => {
    expect(userFromClaims({ sub: 's', email: 'e@x.com', roles: ['admin', 'root', 'admin'] })).toEqual({
      sub: 's', email: 'e@x.com', name: 'e@x.com', roles: ['admin'], account: null,
    });
    expect(userFromClaims({ sub: 's', roles: 'admin' })).toEqual({ sub: 's', email: '', name: 's', roles: [], account: null });
  });
});

describe.each(await testDialects())('API with OIDC_ISSUER set on %s', (dialect) => {
  let remote: Awaited<ReturnType<typeof startIssuer>>;
  let test: TestApp;
  beforeAll(async () => {
    remote = await startIssuer();
    test = await createTestApp(dialect, { OIDC_ISSUER: remote.issuer });
  });
  afterAll(async () => {
    await test.close();
    await new Promise((resolve) => remote.server.close(resolve));
  });

  it('accepts tokens of that issuer, refuses the embedded keys, and mounts no provider', async () => {
    const remoteToken = await signTestToken(remote.key, { sub: 'ext-2', roles: ['customer'] }, { issuer: remote.issuer, audience: 'portal-api' });
    const ok = await test.app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${remoteToken}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ sub: 'ext-2', roles: ['customer'] });

    const embedded = await test.app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${await test.tokenFor({ sub: 'x' })}` } });
    expect(embedded.statusCode).toBe(401);
    expect((await test.app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    expect((await test.app.inject({ url: '/app-config.json' })).json().oidc.authority).toBe(remote.issuer);
  });

  it('treats an unverified e-mail of that issuer as no e-mail', async () => {
    const me = async (claims: Record<string, unknown>) => {
      const token = await signTestToken(remote.key, { sub: 'ext-4', email: 'admin@victim.example', roles: ['customer'], ...claims }, { issuer: remote.issuer, audience: 'portal-api' });
      return (await test.app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${token}` } })).json();
    };
    expect(await me({})).toMatchObject({ sub: 'ext-4', email: '' });
    expect(await me({ email_verified: false })).toMatchObject({ email: '' });
    expect(await me({ email_verified: true })).toMatchObject({ email: 'admin@victim.example' });
  });
});
