import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { browser } from '../testing/browser.ts';
import { freePort } from '../../test/free-port.ts';
import { demoPassword } from './demo-accounts.ts';

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

  /** Runs an authorization request in this browser; answers where it ends: the web app's callback or the sign-in form. */
  async function authorize(go: ReturnType<typeof browser>) {
    const query = new URLSearchParams({
      client_id: 'portal-web', response_type: 'code', redirect_uri: `${base}/login/callback`, scope: 'openid profile email',
      code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 'again',
    });
    let response = await go(`/oidc/auth?${query}`);
    for (let hops = 0; hops < 10 && response.headers.get('location') && !response.headers.get('location')!.startsWith(base); hops++) {
      response = await go(response.headers.get('location')!);
    }
    if (response.headers.get('location')?.startsWith(`${base}/login/callback`)) return 'callback';
    return (await response.text()).includes('name="password"') ? 'sign-in form' : `status ${response.status}`;
  }

  it('signs out only when the user confirms on the provider page, then returns to the site root', async () => {
    const { verifier, challenge } = pkce();
    const callback = await signIn('employee@demo.example', challenge);
    const { id_token: idToken } = (await (await exchange(callback.searchParams.get('code')!, verifier)).json()) as { id_token: string };
    const query = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${base}/` });

    // A bare link (another site's <img> or <a>) only shows the question: the session survives it.
    const confirm = await callback.go(`/oidc/session/end?${query}`);
    const page = await confirm.text();
    expect(confirm.status).toBe(200);
    expect(page).toContain('Sign out of the portal?');
    expect(page).not.toContain('<script');
    expect(page).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign out</button>');
    expect(page).toContain(`href="${base}/">Stay signed in</a>`);
    expect(await authorize(callback.go)).toBe('callback');
    expect((await callback.go('/oidc/session/end')).status).toBe(200);
    expect(await authorize(callback.go)).toBe('callback');

    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const post = (body: Record<string, string>) =>
      callback.go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
    // A cross-site form post lacks the page's xsrf token.
    expect((await post({ logout: 'yes' })).status).toBe(400);
    expect(await authorize(callback.go)).toBe('callback');

    const fresh = await (await callback.go(`/oidc/session/end?${query}`)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(fresh)![1]!;
    const done = await post({ xsrf, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${base}/`);
    expect(await authorize(callback.go)).toBe('sign-in form');
  });

  it('sends the security headers of the other pages with the pages the provider renders itself', async () => {
    const reference = await fetch(`${base}/oidc/assets/pages.css`);
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy'];
    for (const name of names) expect(reference.headers.get(name), name).toBeTruthy();
    const pages = {
      logout: await browser(base)('/oidc/session/end'),
      error: await browser(base)('/oidc/auth?client_id=nobody&response_type=code&scope=openid'),
      discovery: await browser(base)('/oidc/.well-known/openid-configuration'),
    };
    expect(pages.logout.status).toBe(200);
    expect(pages.error.status).toBe(400);
    expect(await pages.error.text()).toContain('Sign-in problem');
    // The provider may add the hash of its own inline script (its no-session logout page); nothing else may differ.
    const withoutScriptHashes = (value: string | null) => value?.replaceAll(/ 'sha256-[A-Za-z0-9+/=]+'/g, '');
    for (const [label, response] of Object.entries(pages)) {
      for (const name of names) expect(withoutScriptHashes(response.headers.get(name)), `${label}: ${name}`).toBe(reference.headers.get(name));
      expect(response.headers.get('content-security-policy'), label).toContain("frame-ancestors 'self'");
    }
  });

  it('locks the account after five wrong passwords with a clear message, even for the right one then', async () => {
    const go = browser(base);
    const query = new URLSearchParams({
      client_id: 'portal-web', response_type: 'code', redirect_uri: `${base}/login/callback`, scope: 'openid profile email',
      code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 's',
    });
    const interaction = (await go(`/oidc/auth?${query}`)).headers.get('location')!;
    const action = /action="([^"]+)"/.exec(await (await go(interaction)).text())![1]!;
    const post = (password: string) =>
      go(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'Admin@Demo.example', password }),
      });
    for (let attempt = 1; attempt <= 4; attempt++) expect((await post(`guess-${attempt}`)).status).toBe(401);
    const locked = await post('guess-5');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(30);
    expect(await locked.text()).toContain('Too many wrong passwords. Sign-in is locked for this account or network: please wait 30 seconds and try again.');
    const right = await post(demoPassword);
    expect(right.status).toBe(429);
    expect(right.headers.get('location')).toBeNull();
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
