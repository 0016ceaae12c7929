import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viteDevOrigin } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const preflight = (test: TestApp) =>
  test.app.inject({ method: 'OPTIONS', url: '/api/Me', headers: { origin: viteDevOrigin, 'access-control-request-method': 'GET' } });

const authorize = (test: TestApp) => {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'portal-web', response_type: 'code', redirect_uri: `${viteDevOrigin}/login/callback`, scope: 'openid profile email',
    code_challenge: challenge, code_challenge_method: 'S256', state: 's',
  });
  return test.app.inject({ url: `/oidc/auth?${query}` });
};

const frameAncestors = (csp: string | undefined) => /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1] ?? '';

describe.each([
  ['a production server', {}, false],
  ['a production server on a local address', { WEB_DEV_SERVER: 'false' }, false],
  ['npm run dev', { WEB_DEV_SERVER: 'true' }, true],
] as const)('the Vite dev origin on %s', (_label, environment, trusted) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite', environment);
  });
  afterAll(() => test.close());

  it(trusted ? 'is a CORS origin' : 'is no CORS origin', async () => {
    const response = await preflight(test);
    expect(response.headers['access-control-allow-origin']).toBe(trusted ? viteDevOrigin : undefined);
  });

  it(trusted ? 'is a redirect URI' : 'is no redirect URI', async () => {
    const response = await authorize(test);
    if (trusted) {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/oidc\/interaction\//);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('redirect_uri');
      expect(response.headers.location).toBeUndefined();
    }
  });

  it(trusted ? 'may frame the sign-in pages' : 'may not frame any page', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/assets/pages.css', '/app-config.json']) {
      const ancestors = frameAncestors((await test.app.inject({ url })).headers['content-security-policy'] as string | undefined);
      expect(ancestors, url).toContain("'self'");
      if (!trusted || url === '/app-config.json') expect(ancestors, url).not.toContain(viteDevOrigin);
    }
    const signIn = await test.app.inject({ url: '/oidc/assets/pages.css' });
    expect(frameAncestors(signIn.headers['content-security-policy'] as string).includes(viteDevOrigin)).toBe(trusted);
  });

  it(trusted ? 'may embed the API’s files (same site)' : 'may not embed the API’s files (same origin only)', async () => {
    const response = await test.app.inject({ url: '/app-config.json' });
    expect(response.headers['cross-origin-resource-policy']).toBe(trusted ? 'same-site' : 'same-origin');
  });
});
