import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-databases.ts';
import { browser } from '../testing/browser.ts';
import { freePort } from '../../test/free-port.ts';
import { demoPassword } from './demo-accounts.ts';

/** Signs in as the demo admin on a server whose PUBLIC_URL is `publicUrl`, reached at 127.0.0.1. */
async function demoAdminSignIn(base: string, publicUrl: string) {
  const go = browser(base);
  const query = new URLSearchParams({
    client_id: 'portal-web', response_type: 'code', redirect_uri: `${publicUrl}/login/callback`, scope: 'openid profile email',
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'), code_challenge_method: 'S256', state: 's',
  });
  const interaction = (await go(`/oidc/auth?${query}`)).headers.get('location')!;
  expect(interaction).toMatch(/^\/oidc\/interaction\//);
  const form = await (await go(interaction)).text();
  const action = /action="([^"]+)"/.exec(form)![1]!;
  const response = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'admin@demo.example', password: demoPassword }),
  });
  return { form, response, body: await response.text() };
}

describe.each([
  ['a public PUBLIC_URL', {}, false],
  ['a public PUBLIC_URL with DEMO_ACCOUNTS=true', { DEMO_ACCOUNTS: 'true' }, true],
] as const)('demo accounts on %s', (_label, environment, enabled) => {
  let test: TestApp;
  let base: string;
  let publicUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    publicUrl = `http://portal.example.test:${port}`;
    test = await createTestApp('sqlite', { PUBLIC_URL: publicUrl, ...environment });
    await test.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  it(enabled ? 'let the demo admin sign in' : 'refuse the demo admin with the published password', async () => {
    const { form, response, body } = await demoAdminSignIn(base, publicUrl);
    if (enabled) {
      expect(response.status).toBe(303);
      expect(form).toContain('Demo accounts, all with the password <code>demo1234</code>');
      expect(form).toContain('<code>admin@demo.example</code> (admin, employee)');
      expect(form).not.toContain('README');
    } else {
      expect(response.status).toBe(401);
      expect(body).toContain('The e-mail or password is wrong');
      expect(form).not.toContain('Demo accounts');
      expect(form).not.toContain('demo1234');
    }
  });
});

describe('start-up log', () => {
  async function startUpLines(environment: Record<string, string>): Promise<Array<{ level: number; msg: string }>> {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-demo-log-'));
    const database = await createTestDatabase('sqlite');
    const lines: string[] = [];
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false', ...environment });
    const app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  it('says loudly when the demo accounts are on, and nothing when they are off', async () => {
    const on = (await startUpLines({ PUBLIC_URL: 'http://localhost:8080' })).filter((line) => line.msg.startsWith('DEMO ACCOUNTS ARE ON'));
    expect(on).toHaveLength(1);
    expect(on[0]!.level).toBe(40);
    const off = await startUpLines({ PUBLIC_URL: 'https://portal.example.com' });
    expect(off.some((line) => line.msg.includes('DEMO ACCOUNTS'))).toBe(false);
    const external = await startUpLines({ PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: 'https://login.example.com' });
    expect(external.some((line) => line.msg.includes('DEMO ACCOUNTS'))).toBe(false);
  });
});
