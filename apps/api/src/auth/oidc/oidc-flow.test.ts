import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { demoPassword } from './demo-accounts.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A browser stand-in: keeps cookies, never follows redirects by itself. */
function browser(base: string) {
  const cookies = new Map<string, string>();
  return async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
}

describe.each(await testDialects())('embedded sign-in on %s', (dialect) => {
  let test: TestApp;
  let base: string;
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    test = await createTestApp(dialect, { PUBLIC_URL: base });
    await test.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  /** Starts an authorization request and signs in on the form; returns the redirect to the web app's callback. */
  async function signIn(email: string, challenge: string) {
    const go = browser(base);
    const redirectUri = `${base}/login/callback`;
    const query = new URLSearchParams({
      client_id: 'portal-web', response_type: 'code', redirect_uri: redirectUri, scope: 'openid profile email',
      code_challenge: challenge, code_challenge_method: 'S256', state: 'state-1',
    });
    let response = await go(`/oidc/auth?${query}`);
    const interaction = response.headers.get('location')!;
    expect(interaction).toMatch(/^\/oidc\/interaction\//);

    const form = await go(interaction);
    const page = await form.text();
    expect(page).toContain('name="email"');
    expect(page).toContain('name="password" type="password"');
    expect(page).toContain('>Sign in</button>');
    const action = /action="([^"]+)"/.exec(page)![1]!;

    const post = (password: string) =>
      go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }) });
    const wrong = await post('not-the-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('The e-mail or password is wrong');

    response = await post(demoPassword);
    for (let hops = 0; hops < 10 && !response.headers.get('location')!.startsWith(redirectUri); hops++) {
      response = await go(response.headers.get('location')!);
      expect([302, 303]).toContain(response.status);
    }
    return Object.assign(new URL(response.headers.get('location')!), { go });
  }

  const exchange = (code: string, verifier: string) =>
    fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${base}/login/callback`, client_id: 'portal-web', code_verifier: verifier }),
    });

  it('publishes its issuer and accepts only S256 PKCE', async () => {
    const response = await test.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ issuer: `${base}/oidc`, code_challenge_methods_supported: ['S256'] });
  });

  it('signs the customer in with code + PKCE, and the access token works on /api/Me', async () => {
    const { verifier, challenge } = pkce();
    const callback = await signIn('customer@demo.example', challenge);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code')!;

    const token = await exchange(code, verifier);
    expect(token.status).toBe(200);
    const { access_token: accessToken, id_token: idToken } = (await token.json()) as { access_token: string; id_token: string };
    expect(idToken).toBeTruthy();
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(decodeJwt(accessToken)).toMatchObject({
      iss: `${base}/oidc`, aud: 'portal-api', sub: 'demo-customer', roles: ['customer'], account: 'ACME-001', email: 'customer@demo.example',
    });

    const me = await fetch(`${base}/api/Me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'customer@demo.example', roles: ['customer'], account: 'ACME-001', name: 'Carla Customer' });
  });

  it('refuses a wrong code verifier', async () => {
    const callback = await signIn('partner@demo.example', pkce().challenge);
    const token = await exchange(callback.searchParams.get('code')!, pkce().verifier);
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('signs out through a self-submitting page and returns to the site root', async () => {
    const { verifier, challenge } = pkce();
    const callback = await signIn('employee@demo.example', challenge);
    const { id_token: idToken } = (await (await exchange(callback.searchParams.get('code')!, verifier)).json()) as { id_token: string };
    const query = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${base}/` });
    const confirm = await callback.go(`/oidc/session/end?${query}`);
    const page = await confirm.text();
    expect(confirm.status).toBe(200);
    expect(page).toContain('src="/oidc/assets/logout.js"');
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const done = await callback.go(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${base}/`);
  });

  it('sends the refused account back with error=access_denied', async () => {
    const callback = await signIn('refused@demo.example', pkce().challenge);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('rejects an authorization request without PKCE', async () => {
    const query = new URLSearchParams({
      client_id: 'portal-web', response_type: 'code', redirect_uri: `${base}/login/callback`, scope: 'openid profile email',
    });
    const response = await browser(base)(`/oidc/auth?${query}`);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});
