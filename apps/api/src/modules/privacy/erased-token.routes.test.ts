import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { everyRowAsText } from './erasure.fixture.ts';

/* A token issued before an erasure must not bring the person back (docs/security.md, erasure). */
describe.each(await testDialects())('a token of an erased user on %s', (dialect) => {
  let t: TestApp;
  const erin = { sub: 'sub-erin-token', email: 'erin.token@acme.example', name: 'Erin Tokenholder', roles: ['customer' as const], account: 'ACME-001' };
  const bob = { sub: 'sub-bob-token', email: 'bob.token@acme.example', name: 'Bob Tokenholder', roles: ['customer' as const], account: 'ACME-001' };
  let erinToken: string;
  let bobToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    erinToken = await t.tokenFor(erin);
    bobToken = await t.tokenFor(bob);
  }, 60_000);
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${token}` } });
  const mentions = async (...needles: string[]) =>
    (await everyRowAsText(t.db)).filter((row) => needles.some((needle) => row.text.includes(needle.toLowerCase()))).map((row) => row.table);

  it('answers 401 accountErased to the old token and records nothing, while another user goes on', async () => {
    expect((await me(erinToken)).json()).toMatchObject({ email: erin.email, name: erin.name });
    expect((await me(bobToken)).statusCode).toBe(200);
    const erased = await t.app.inject({ method: 'POST', url: `/api/Admin/users/${erin.sub}/erase`, payload: { confirm: erin.email }, headers: await t.authHeaders(testUsers.admin) });
    expect(erased.statusCode).toBe(200);

    for (const url of ['/api/Me', '/api/Favorites']) {
      const response = await t.app.inject({ url, headers: { authorization: `Bearer ${erinToken}` } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'accountErased' });
    }
    // A new token for the same subject (the external provider signing them in again) is refused too.
    expect((await me(await t.tokenFor(erin))).json()).toMatchObject({ error: 'accountErased' });
    expect(await mentions(erin.email, erin.name, erin.sub)).toEqual([]);
    expect((await me(bobToken)).json()).toMatchObject({ sub: bob.sub, email: bob.email });
  });

  it('lists the erased subject by a digest only, with the date', async () => {
    const rows = await t.db.selectFrom('erased_subjects').selectAll().execute();
    expect(rows).toEqual([{ subjectDigest: expect.stringMatching(/^[\w-]{43}$/), erasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    const text = JSON.stringify(rows).toLowerCase();
    for (const needle of [erin.email, erin.name, erin.sub]) expect(text).not.toContain(needle.toLowerCase());
  });
});
