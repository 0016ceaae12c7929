import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { demoPassword } from './demo-accounts.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A browser stand-in on app.inject from one client address, keeping the provider's cookies. */
function injectBrowser(test: TestApp, remoteAddress: string) {
  const cookies = new Map<string, string>();
  return async (options: { method?: 'GET' | 'POST'; url: string; form?: Record<string, string> }) => {
    const response = await test.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      remoteAddress,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
    return response;
  };
}

async function signInForm(test: TestApp, remoteAddress: string) {
  const go = injectBrowser(test, remoteAddress);
  const query = new URLSearchParams({
    client_id: 'portal-web', response_type: 'code', redirect_uri: 'http://localhost:8080/login/callback', scope: 'openid profile email',
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'), code_challenge_method: 'S256', state: 's',
  });
  const interaction = (await go({ url: `/oidc/auth?${query}` })).headers.location as string;
  const action = /action="([^"]+)"/.exec((await go({ url: interaction })).body)![1]!;
  return (email: string, password: string) => go({ method: 'POST', url: action, form: { email, password } });
}

describe('sign-in throttling with REDIS_URL', () => {
  let one: TestApp;
  let other: TestApp;
  let redis: Redis;
  const address = `198.51.100.${randomInt(1, 255)}`;
  const email = `nobody-${randomBytes(6).toString('hex')}@demo.example`;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    one = await createTestApp('sqlite', { REDIS_URL: redisUrl });
    other = await createTestApp('sqlite', { REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    const emailKey = createHash('sha256').update(email).digest('base64url');
    const keys = (await redis.keys('portal-sign-in:*')).filter((key) => key.endsWith(`:${address}`) || key.endsWith(`:${emailKey}`));
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await one.close();
    await other.close();
  });

  it('counts wrong passwords in Redis, so another server refuses the locked account too', async () => {
    const post = await signInForm(one, address);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await post(email, `guess-${attempt}`)).statusCode).toBe(401);
    const locked = await post(email, 'guess-5');
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Too many wrong passwords');
    expect((await redis.keys('portal-sign-in:*')).some((key) => key.endsWith(`:${address}`))).toBe(true);

    const onOtherServer = await signInForm(other, `203.0.113.${randomInt(1, 255)}`);
    expect((await onOtherServer(email, demoPassword)).statusCode).toBe(429);
    // Another account from another address signs in on that server.
    const fresh = await signInForm(other, `192.0.2.${randomInt(1, 255)}`);
    expect((await fresh('customer@demo.example', demoPassword)).statusCode).toBe(303);
  });
});
