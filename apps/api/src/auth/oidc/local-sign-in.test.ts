import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { createLocalAccounts } from '../accounts/local-accounts.ts';
import { browser } from '../testing/browser.ts';
import { freePort } from '../../test/free-port.ts';
import { signInThroughForm } from '../testing/sign-in-form.ts';
import { demoPassword } from './demo-accounts.ts';

/** Local accounts sign in on the embedded provider's form; demo accounts stay off outside demo mode. */
describe.each(await testDialects())('local accounts on the embedded provider on %s', (dialect) => {
  let test: TestApp;
  let base: string;
  let oidc: client.Configuration;
  const redirectUri = () => `${base}/login/callback`;

  async function authorizationUrl(verifier: string) {
    return client.buildAuthorizationUrl(oidc, {
      redirect_uri: redirectUri(), scope: 'openid profile email offline_access', prompt: 'consent', state: 's',
      code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
  }
  const formAnswer = async (email: string, password: string) => {
    const go = browser(base);
    const interaction = (await go((await authorizationUrl(client.randomPKCECodeVerifier())).href)).headers.get('location')!;
    const action = /action="([^"]+)"/.exec(await (await go(interaction)).text())![1]!;
    return go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }) });
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    test = await createTestApp(dialect, { PUBLIC_URL: base, DEMO_ACCOUNTS: 'false', SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
    await test.app.listen({ port, host: '127.0.0.1' });
    oidc = await client.discovery(new URL(`${base}/oidc`), 'portal-web', undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const accounts = createLocalAccounts(test.db);
    await accounts.add({ email: 'lena@example.com', name: 'Lena Local', password: 'lena has a long password', roles: ['partner'], account: 'PARTNER-07' });
  });
  afterAll(() => test.close());

  it('signs a local account in, with its roles and account in the access token and at userinfo', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const callback = await signInThroughForm(browser(base), await authorizationUrl(verifier), { email: 'Lena@Example.com', password: 'lena has a long password' }, redirectUri());
    const tokens = await client.authorizationCodeGrant(oidc, callback, { pkceCodeVerifier: verifier, expectedState: 's' });
    const me = await fetch(`${base}/api/Me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toMatchObject({ email: 'lena@example.com', name: 'Lena Local', roles: ['partner'], account: 'PARTNER-07' });
    const sub = tokens.claims()!.sub;
    expect(await client.fetchUserInfo(oidc, tokens.access_token, sub)).toMatchObject({ email: 'lena@example.com', roles: ['partner'] });

    // Disabling the account ends its sign-in: the refresh token no longer yields tokens.
    await createLocalAccounts(test.db).setDisabled('lena@example.com', true);
    await expect(client.refreshTokenGrant(oidc, tokens.refresh_token!)).rejects.toThrow();
    await createLocalAccounts(test.db).setDisabled('lena@example.com', false);
  });

  it('sends a finished or unknown sign-in page back to the portal instead of an error (Back after signing in)', async () => {
    const answer = await fetch(`${base}/oidc/interaction/no-such-interaction`, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
  });

  it('refuses a wrong password, a disabled account and the demo accounts', async () => {
    expect((await formAnswer('lena@example.com', 'not her password')).status).toBe(401);
    expect((await formAnswer('customer@demo.example', demoPassword)).status).toBe(401);
    await createLocalAccounts(test.db).setDisabled('lena@example.com', true);
    expect((await formAnswer('lena@example.com', 'lena has a long password')).status).toBe(401);
  });
});
