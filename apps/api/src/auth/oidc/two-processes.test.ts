import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestDatabase, testDialects, testPostgresUrl, type TestDatabase } from '../../test/test-databases.ts';
import { freePort } from '../../test/free-port.ts';
import { demoPassword } from './demo-accounts.ts';

/**
 * A browser behind a load balancer that sends every request to the next process in turn: each step of
 * the sign-in lands on another process than the one before.
 */
function roundRobinBrowser(bases: string[]) {
  const cookies = new Map<string, string>();
  let next = 0;
  const landedOn: string[] = [];
  const go = async (target: string, init: RequestInit = {}) => {
    const { pathname, search } = new URL(target, bases[0]);
    const base = bases[next++ % bases.length]!;
    landedOn.push(base);
    const response = await fetch(new URL(`${pathname}${search}`, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [name, value] = header.split(';')[0]!.split('=') as [string, string];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { go, landedOn };
}

describe.runIf((await testDialects()).includes('postgres'))('sign-in across two API processes on one PostgreSQL', () => {
  let database: TestDatabase;
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const dataDir = await mkdtemp(join(tmpdir(), 'portal-process-'));
      dataDirs.push(dataDir);
      // Both processes answer for one public address, as behind a load balancer; each has its own empty DATA_DIR.
      const config = loadConfig({
        DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${ports[0]}`, LOG_LEVEL: 'silent', DATABASE_URL: testPostgresUrl, SEED_DEMO: 'false', JOB_CONCURRENCY: '0',
      });
      const app = await buildApp({ config, database });
      await app.listen({ port, host: '127.0.0.1' });
      apps.push(app);
      bases.push(`http://127.0.0.1:${port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('completes a sign-in whose steps alternate between the processes, and each refreshes the other\'s tokens', async () => {
    const { go, landedOn } = roundRobinBrowser(bases);
    const verifier = client.randomPKCECodeVerifier();
    const redirectUri = `${bases[0]}/login/callback`;
    const query = new URLSearchParams({
      client_id: 'portal-web', response_type: 'code', redirect_uri: redirectUri, scope: 'openid profile email offline_access', prompt: 'consent',
      code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'rr',
    });
    let response = await go(`/oidc/auth?${query}`);
    const interaction = response.headers.get('location')!;
    const action = /action="([^"]+)"/.exec(await (await go(interaction)).text())![1]!;
    response = await go(action, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: 'admin@demo.example', password: demoPassword }),
    });
    for (let hops = 0; hops < 10 && !response.headers.get('location')!.startsWith(redirectUri); hops++) {
      expect([302, 303]).toContain(response.status);
      response = await go(response.headers.get('location')!);
    }
    expect(new Set(landedOn).size).toBe(2);
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!;

    const post = (base: string, body: Record<string, string>) =>
      fetch(`${base}/oidc/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
    const tokens = await post(bases[1]!, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'portal-web', code_verifier: verifier });
    expect(tokens.status).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = (await tokens.json()) as { access_token: string; refresh_token: string };
    for (const base of bases) {
      const me = await fetch(`${base}/api/Me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(await me.json()).toMatchObject({ email: 'admin@demo.example', roles: ['admin', 'employee'] });
    }
    const refreshed = await post(bases[0]!, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'portal-web' });
    expect(refreshed.status).toBe(200);
  });
});
