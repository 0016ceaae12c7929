import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

describe.each(await testDialects())('GET /api/Me on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  const me = async (user: Parameters<TestApp['tokenFor']>[0]) =>
    test.app.inject({ url: '/api/Me', headers: await test.authHeaders(user) });

  it("returns the signed-in user's profile, roles and account and stores the user", async () => {
    const response = await me(testUsers.admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ...testUsers.admin, id: expect.any(String) });
    expect(body.firstSeenAt).toBe(body.lastSeenAt);
    const row = await test.db.selectFrom('users').selectAll().where('sub', '=', testUsers.admin.sub).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: body.id, email: 'admin@demo.example', roles: '["admin","employee"]', account: null });
  });

  it('updates name, roles, account and lastSeenAt when the claims change, keeping id and firstSeenAt', async () => {
    const user = { sub: 'changing-1', email: 'c1@example.com', name: 'Before', roles: ['customer' as const], account: 'A-1' };
    const first = (await me(user)).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await me({ ...user, name: 'After', roles: ['partner'], account: 'P-2' })).json();
    expect(second).toMatchObject({ id: first.id, firstSeenAt: first.firstSeenAt, name: 'After', roles: ['partner'], account: 'P-2' });
    expect(second.lastSeenAt > first.lastSeenAt).toBe(true);
    const rows = await test.db.selectFrom('users').selectAll().where('sub', '=', user.sub).execute();
    expect(rows).toHaveLength(1);
  });
});
