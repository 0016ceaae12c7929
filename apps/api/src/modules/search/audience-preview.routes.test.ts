import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';

describe.each(await testDialects())('GET /api/Admin/preview/search on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'public', title: 'Gripper manual', versions: [{ resourceVersion: 'A', text: 'Mount the gripper.' }] });
    await insertDocument(t.db, { id: 'partners', title: 'Gripper service guide', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], versions: [{ resourceVersion: 'A', text: 'Gripper service.' }] });
    await insertDocument(t.db, { id: 'acme', title: 'Gripper layout for ACME', audience: 'restricted', rules: [{ kind: 'account', value: 'ACME' }], versions: [{ resourceVersion: 'A', text: 'Gripper layout.' }] });
    await insertDocument(t.db, { id: 'named', title: 'Gripper test report', audience: 'restricted', rules: [{ kind: 'user', value: users.publisher.email }], versions: [{ resourceVersion: 'A', text: 'Gripper report.' }] });
    await insertDocument(t.db, { id: 'draft', title: 'Gripper draft', status: 'unpublished', versions: [{ resourceVersion: 'A', text: 'Gripper draft.' }] });
  });
  afterAll(() => t.close());

  async function preview(user: AuthUser | null, query: string) {
    return t.app.inject({ url: `/api/Admin/preview/search${query}`, headers: user ? await t.authHeaders(user) : {} });
  }
  const ids = async (user: AuthUser, query: string) => {
    const response = await preview(user, query);
    expect(response.statusCode).toBe(200);
    return (response.json() as SearchResponse).items.map((item) => item.id).sort();
  };

  it('answers what a customer of an account sees, not what the publisher sees', async () => {
    expect(await ids(users.publisher, '?q=gripper&asRole=customer&asAccount=ACME')).toEqual(['acme', 'public']);
    expect(await ids(users.publisher, '?q=gripper&asRole=customer&asAccount=GLOBEX')).toEqual(['public']);
    expect(await ids(users.admin, '?q=gripper&asRole=partner')).toEqual(['partners', 'public']);
  });

  it('gives the previewed viewer none of the named grants of the staff member asking', async () => {
    expect(await ids(users.publisher, '?q=report&asRole=customer&asAccount=ACME')).toEqual([]);
  });

  it('matches the customer’s own search for the same role and account', async () => {
    const own = await t.app.inject({ url: '/api/Content/search?q=gripper', headers: await t.authHeaders(users.customer) });
    const mine = (own.json() as SearchResponse).items.map((item) => item.id).sort();
    expect(await ids(users.publisher, `?q=gripper&asRole=customer&asAccount=${users.customer.account}`)).toEqual(mine);
  });

  it('is for publishers and admins only, and wants a known role', async () => {
    expect((await preview(null, '?asRole=customer')).statusCode).toBe(401);
    expect((await preview(users.customer, '?asRole=customer&asAccount=ACME')).statusCode).toBe(403);
    expect((await preview(users.partner, '?asRole=partner')).statusCode).toBe(403);
    expect((await preview(users.publisher, '?asRole=owner')).statusCode).toBe(400);
    expect((await preview(users.publisher, '')).statusCode).toBe(400);
  });
});
