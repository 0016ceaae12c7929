import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { fixtureTime, insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { recordAudit, userContext } from '../audit/index.ts';
import { retentionCutoff, runStatisticsRetention, statisticsRetentionJob } from './privacy.service.ts';

describe.each(await testDialects())('personal data on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const { customer, partner } = testUsers;
  const recent = new Date().toISOString();
  const old = '2020-01-15T10:00:00.000Z';

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    admin = await t.authHeaders(testUsers.admin);
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual1', title: 'R100 manual' });
    const user = (who: typeof customer) => ({
      id: randomUUID(), sub: who.sub, email: who.email, name: who.name, roles: JSON.stringify(who.roles), account: who.account, firstSeenAt: fixtureTime, lastSeenAt: fixtureTime,
    });
    await t.db.insertInto('users').values([user(customer), user(partner)]).execute();
    await t.db.insertInto('favorites').values({ userSub: customer.sub, itemKind: 'document', itemId: 'manual1', title: 'R100 manual', createdAt: recent }).execute();
    await t.db.insertInto('follows').values({ userSub: customer.sub, kind: 'product', itemId: 'R100', title: 'Robot R100', createdAt: recent }).execute();
    await t.db.insertInto('alert_preferences').values({ userSub: customer.sub, email: 'weekly', autoFollowDownloads: 1, language: 'de', lastDigestAt: null, updatedAt: recent }).execute();
    await t.db.insertInto('notifications').values({
      id: randomUUID(), userSub: customer.sub, event: 'newDocument', documentId: 'manual1', versionId: 'manual1-A', title: 'R100 manual', versionLabel: 'A',
      changeNote: '', link: '/documents/manual1', createdAt: recent, readAt: null, mailStatus: 'pending', mailQueuedAt: null, mailedAt: null,
    }).execute();
    const download = (userSub: string, createdAt: string) =>
      ({ id: randomUUID(), userSub, itemKind: 'document' as const, itemId: 'manual1', versionId: null, versionLabel: 'A', fileName: 'manual1.pdf', fileId: null, createdAt });
    await t.db.insertInto('download_records').values([download(customer.sub, recent), download(customer.sub, old), download(partner.sub, recent)]).execute();
    await t.db.insertInto('document_access').values({ documentId: 'manual1', kind: 'user', value: customer.email.toLowerCase(), expiresAt: null, grantedBy: null, createdAt: recent }).execute();
    await t.db.insertInto('document_views').values([
      { documentId: 'manual1', day: recent.slice(0, 10), account: 'ACME-001', views: 2 },
      { documentId: 'manual1', day: old.slice(0, 10), account: 'ACME-001', views: 5 },
    ]).execute();
    await recordAudit(t.db, userContext(customer), { action: 'download', object: { kind: 'document', id: 'manual1' } });
    await recordAudit(t.db, userContext(partner), { action: 'download', object: { kind: 'document', id: 'manual1' } });
  }, 60_000);
  afterAll(() => t.close());

  const get = (user: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/Admin/users/${encodeURIComponent(user)}/personal-data`, headers });

  it('exports everything held about the person, found by e-mail in any case or by subject', async () => {
    const response = await get(customer.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data).toMatchObject({ subject: customer.sub, email: customer.email, roles: customer.roles, localAccount: null });
    expect(data.profile).toMatchObject({ sub: customer.sub, name: customer.name });
    expect(data.favorites).toEqual([expect.objectContaining({ itemId: 'manual1' })]);
    expect(data.follows).toEqual([expect.objectContaining({ kind: 'product', itemId: 'R100' })]);
    expect(data.notifications).toEqual([expect.objectContaining({ documentId: 'manual1', event: 'newDocument' })]);
    expect(data.preferences).toMatchObject({ email: 'weekly', language: 'de' });
    expect(data.downloads).toHaveLength(2);
    expect(data.accessGrants).toEqual([expect.objectContaining({ table: 'document_access', documentId: 'manual1', kind: 'user' })]);
    expect(data.auditEntries).toEqual([expect.objectContaining({ actorSub: customer.sub, action: 'download' })]);
    expect(response.body).not.toContain(partner.sub);

    const bySubject = (await get(customer.sub)).json();
    expect({ ...bySubject, exportedAt: null }).toEqual({ ...data, exportedAt: null });
  });

  it('leaves out the password hash of a local account', async () => {
    await t.db.insertInto('local_accounts').values({
      sub: 'local-lena', email: 'lena@acme.example', name: 'Lena', passwordHash: 'scrypt$secret-hash', roles: '["customer"]', account: 'ACME-001', disabled: 0, createdAt: recent, updatedAt: recent,
    }).execute();
    const response = await get('lena@acme.example');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'local-lena', profile: null, localAccount: { name: 'Lena', disabled: 0 }, roles: ['customer'] });
    expect(response.body).not.toContain('secret-hash');
  });

  it('is for admins only, refused before the parameters are looked at; an unknown person is a 404', async () => {
    expect((await get(customer.email, await t.authHeaders(testUsers.publisher))).statusCode).toBe(403);
    // Blank after trimming: a 400 for an admin, but a customer learns nothing about the parameters.
    expect((await get('  ', await t.authHeaders(customer))).statusCode).toBe(403);
    expect((await get('  ')).statusCode).toBe(400);
    const unknown = await get('nobody@nowhere.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'userNotFound' });
  });

  it('deletes statistics past the retention and queues the next daily run', async () => {
    const jobs = async () => t.db.selectFrom('jobs').select(['dedupeKey', 'runAfter']).where('kind', '=', statisticsRetentionJob).execute();
    // Queued when the server became ready.
    expect((await jobs()).length).toBeGreaterThanOrEqual(1);
    const now = new Date();
    expect(retentionCutoff(new Date('2026-11-28T10:00:00Z'), 25)).toBe('2024-10-01T00:00:00.000Z');
    const removed = await runStatisticsRetention(t.db, 25, now);
    expect(removed).toEqual({ views: 1, downloads: 1 });
    expect((await t.db.selectFrom('document_views').select('day').execute()).map((row) => row.day)).toEqual([recent.slice(0, 10)]);
    expect(await t.db.selectFrom('download_records').select('createdAt').where('createdAt', '<', retentionCutoff(now, 25)).execute()).toEqual([]);
    expect((await jobs()).some((job) => Date.parse(job.runAfter) > now.getTime())).toBe(true);
  });

  // Last: the open counts a document view, which the retention test above counts too.
  it('exports the searches the person made, newest first, with what they opened, and nobody else’s', async () => {
    const search = async (who: typeof customer, query: string) =>
      expect((await t.app.inject({ url: `/api/Content/search?${query}`, headers: { ...(await t.authHeaders(who)), 'accept-language': 'de-DE' } })).statusCode).toBe(200);
    await search(customer, 'q=R100');
    expect((await t.app.inject({ url: '/api/Content/documentData?documentId=manual1', headers: await t.authHeaders(customer) })).statusCode).toBe(200);
    await search(partner, 'q=partner-only-query');
    // The view is announced once the answer has left; then another query, which finds nothing.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await search(customer, 'q=xylophone&type=manual');
    // The dashboard writes what the recorder holds before it answers.
    expect((await t.app.inject({ url: '/api/Admin/analytics/search/summary', headers: admin })).statusCode).toBe(200);

    const data = (await get(customer.sub)).json();
    expect(data.searches).toEqual([
      {
        day: recent.slice(0, 10), query: 'xylophone', facets: { type: ['manual'], product: [], language: [] }, locale: 'de', account: customer.account,
        resultCount: 0, noResultReason: 'nothingExists', searches: 1, opens: 0, downloads: 0, opened: [],
      },
      {
        day: recent.slice(0, 10), query: 'R100', facets: { type: [], product: [], language: [] }, locale: 'de', account: customer.account,
        resultCount: 1, noResultReason: null, searches: 1, opens: 1, downloads: 0, opened: [{ kind: 'open', documentId: 'manual1', title: 'R100 manual', position: 1, at: expect.any(String) }],
      },
    ]);
    expect(JSON.stringify(data)).not.toContain('partner-only-query');
    expect((await get(partner.sub)).json().searches).toEqual([expect.objectContaining({ query: 'partner-only-query' })]);
  });
});
