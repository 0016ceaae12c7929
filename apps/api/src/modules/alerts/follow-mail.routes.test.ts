import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { findFollowersOf } from './fan-out.repository.ts';

/** Issue 32: per followed item, its news by mail (as the preference says) or in the portal only. */
describe.each(await testDialects())('PATCH /api/Follows/:kind/:itemId (mail per item) on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'pump-doc', title: 'Pump manual', products: ['R100'] });
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT' | 'PATCH', url: string, user: (typeof users)[keyof typeof users] = users.customer, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as string | undefined, headers: await t.authHeaders(user) });
  const mailOf = async (sub: string, targets: Parameters<typeof findFollowersOf>[1]) =>
    (await findFollowersOf(t.db, targets)).find((follower) => follower.sub === sub)?.mailFrequency;

  it('mails by default, turns mail off and on for one item, and says so in the list', async () => {
    expect((await call('PUT', '/api/Follows/document/pump-doc')).json()).toMatchObject({ kind: 'document', itemId: 'pump-doc', title: 'Pump manual', mail: true });
    const off = await call('PATCH', '/api/Follows/document/pump-doc', users.customer, { mail: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ itemId: 'pump-doc', mail: false });
    expect((await call('GET', '/api/Follows')).json().items).toEqual([expect.objectContaining({ itemId: 'pump-doc', mail: false })]);
    // Following it again keeps the choice.
    expect((await call('PUT', '/api/Follows/document/pump-doc')).json()).toMatchObject({ mail: false });
    expect((await call('PATCH', '/api/Follows/document/pump-doc', users.customer, { mail: true })).json()).toMatchObject({ mail: true });
  });

  it('leaves the news of an item in the portal only out of the mails, unless another follow of it mails', async () => {
    const { sub } = users.customer;
    await call('PATCH', '/api/Follows/document/pump-doc', users.customer, { mail: false });
    expect(await mailOf(sub, [{ kind: 'document', itemIds: ['pump-doc'] }])).toBe('off');
    expect((await call('PUT', '/api/Follows/product/R100')).statusCode).toBe(200);
    // The preference's default (null) applies: the product's follow still mails.
    expect(await mailOf(sub, [{ kind: 'document', itemIds: ['pump-doc'] }, { kind: 'product', itemIds: ['R100'] }])).toBeNull();
  });

  it('refuses an item the user does not follow (404), a bad body (400) and anonymous callers (401)', async () => {
    expect((await call('PATCH', '/api/Follows/document/pump-doc', users.partner, { mail: false })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/Follows/document/pump-doc', users.customer, { mail: 'no' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/Follows/document/pump-doc', users.customer, { mail: true, extra: 1 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/Follows/document/pump-doc', payload: { mail: true } })).statusCode).toBe(401);
  });
});
