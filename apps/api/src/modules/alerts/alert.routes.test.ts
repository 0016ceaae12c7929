import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertCadLibrary } from '../cad/index.ts';
import { insertSoftware } from '../software/index.ts';
import { alertDeps } from './alert-deps.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

describe.each(await testDialects())('alert routes on %s', (dialect) => {
  let t: TestApp;
  let restrictedSoftwareId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'open-doc', title: 'Pump manual', products: ['R100'] });
    await insertDocument(t.db, { id: 'partner-doc', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }] });
    await insertDocument(t.db, { id: 'draft-doc', status: 'unpublished' });
    restrictedSoftwareId = (
      await insertSoftware(t.db, t.app.storage, { equipmentName: 'CTRL9', name: 'Controller firmware', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], versions: [] })
    ).itemId;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, user?: (typeof users)[keyof typeof users], payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as string | undefined, headers: user ? await t.authHeaders(user) : {} });

  it('follows documents, software, products and searches the user may see, lists and unfollows them', async () => {
    const document = await call('PUT', '/api/Follows/document/open-doc', users.customer);
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ kind: 'document', itemId: 'open-doc', title: 'Pump manual', automatic: false });
    expect((await call('PUT', '/api/Follows/product/R100', users.customer)).json()).toMatchObject({ title: 'Robot R100' });
    expect((await call('PUT', `/api/Follows/software/${restrictedSoftwareId}`, users.partner)).json()).toMatchObject({ title: 'Controller firmware' });

    // Searches are stored normalised: the same query written differently is one follow.
    const search = await call('PUT', `/api/Follows/search/${encodeURIComponent('q=Pump  Manual&product=R100,G20&page=2')}`, users.customer);
    expect(search.statusCode).toBe(200);
    expect(search.json().itemId).toBe('q=manual+pump&product=G20%2CR100');
    const again = await call('PUT', `/api/Follows/search/${encodeURIComponent('product=G20&product=R100&q=pump manual')}`, users.customer);
    expect(again.json().itemId).toBe('q=manual+pump&product=G20%2CR100');

    const list = await call('GET', '/api/Follows', users.customer);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { kind: string }) => item.kind).sort()).toEqual(['document', 'product', 'search']);

    expect((await call('DELETE', `/api/Follows/search/${encodeURIComponent('q=pump manual&product=R100,G20')}`, users.customer)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/Follows/document/open-doc', users.customer)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/Follows/document/open-doc', users.customer)).statusCode).toBe(404);
    expect((await call('GET', '/api/Follows', users.customer)).json().items).toEqual([expect.objectContaining({ kind: 'product', itemId: 'R100' })]);
  });

  it('refuses what the user may not see, what does not exist, bad input and anonymous callers', async () => {
    expect((await call('PUT', '/api/Follows/document/partner-doc', users.customer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/Follows/document/partner-doc', users.partner)).statusCode).toBe(200);
    expect((await call('PUT', '/api/Follows/document/draft-doc', users.customer)).statusCode).toBe(404);
    expect((await call('PUT', '/api/Follows/document/draft-doc', users.employee)).statusCode).toBe(200);
    expect((await call('PUT', '/api/Follows/document/nope', users.customer)).statusCode).toBe(404);
    expect((await call('PUT', `/api/Follows/software/${restrictedSoftwareId}`, users.customer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/Follows/software/nope', users.customer)).statusCode).toBe(404);
    expect((await call('PUT', '/api/Follows/product/NOPE', users.customer)).statusCode).toBe(404);
    expect((await call('PUT', '/api/Follows/search/page%3D2', users.customer)).statusCode).toBe(400);
    expect((await call('PUT', '/api/Follows/machine/x', users.customer)).statusCode).toBe(400);
    for (const [method, url] of [['GET', '/api/Follows'], ['PUT', '/api/Follows/product/R100'], ['DELETE', '/api/Follows/product/R100'], ['GET', '/api/Notifications'], ['POST', '/api/Notifications/read'], ['GET', '/api/Me/preferences'], ['PUT', '/api/Me/preferences']] as const) {
      expect((await call(method, url, undefined, method === 'POST' || method === 'PUT' ? { all: true } : undefined)).statusCode).toBe(401);
    }
  });

  it('follows a unit the user may see by serial number, and answers 404 for another company’s unit as for a missing one', async () => {
    const csv = ['serialNumber,model,options,account,shippedAt,site,partners', 'R100-7001,R100,,ACME,2025-07-01,,', 'R100-7002,R100,,GLOBEX,2025-07-01,,'].join('\n');
    const imported = await t.app.inject({ method: 'POST', url: '/api/Admin/units/import', headers: { ...(await t.authHeaders(users.admin)), 'content-type': 'text/csv' }, payload: csv });
    expect(imported.json().imported).toBe(2);

    const followed = await call('PUT', '/api/Follows/unit/R100-7001', users.customer);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toMatchObject({ kind: 'unit', itemId: 'R100-7001', title: 'R100 R100-7001', automatic: false });
    const foreign = await call('PUT', '/api/Follows/unit/R100-7002', users.customer);
    const missing = await call('PUT', '/api/Follows/unit/R100-9999', users.customer);
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toEqual(missing.json());
    // Staff see every unit.
    expect((await call('PUT', '/api/Follows/unit/R100-7002', users.employee)).statusCode).toBe(200);

    expect((await call('GET', '/api/Follows', users.customer)).json().items).toContainEqual(expect.objectContaining({ kind: 'unit', itemId: 'R100-7001' }));
    expect((await call('DELETE', '/api/Follows/unit/R100-7001', users.customer)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/Follows/unit/R100-7001', users.customer)).statusCode).toBe(404);
  });

  it('follows a partner CAD library the user may see: 403 outside its audience, 404 for an unknown one', async () => {
    const open = await insertCadLibrary(t.db, t.app.storage, { cadTool: 'SolidWorks', name: 'R100 for SolidWorks', productCodes: ['R100'], versions: [] });
    const restricted = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'Creo', name: 'R100 for Creo', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], versions: [],
    });
    expect((await call('PUT', `/api/Follows/cad-library/${open.libraryId}`, users.customer)).json()).toMatchObject({ kind: 'cad-library', itemId: open.libraryId, title: 'R100 for SolidWorks' });
    expect((await call('PUT', `/api/Follows/cad-library/${restricted.libraryId}`, users.customer)).statusCode).toBe(403);
    expect((await call('PUT', `/api/Follows/cad-library/${restricted.libraryId}`, users.partner)).statusCode).toBe(200);
    expect((await call('PUT', '/api/Follows/cad-library/nope', users.customer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Follows/cad-library/${open.libraryId}`, users.customer)).statusCode).toBe(204);
    expect((await call('GET', '/api/Follows', users.customer)).json().items.some((item: { kind: string }) => item.kind === 'cad-library')).toBe(false);
  });

  it('keeps preferences per user: daily digest by default, partial changes, bad values refused', async () => {
    expect((await call('GET', '/api/Me/preferences', users.otherCustomer)).json()).toEqual({ email: 'daily', autoFollowDownloads: true, language: 'en-US' });
    const changed = await call('PUT', '/api/Me/preferences', users.otherCustomer, { email: 'weekly', language: 'de-DE' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ email: 'weekly', autoFollowDownloads: true, language: 'de-DE' });
    expect((await call('PUT', '/api/Me/preferences', users.otherCustomer, { autoFollowDownloads: false })).json()).toEqual({ email: 'weekly', autoFollowDownloads: false, language: 'de-DE' });
    expect((await call('GET', '/api/Me/preferences', users.customer)).json().email).toBe('daily');
    for (const body of [{}, { email: 'hourly' }, { language: 'it-IT' }, { other: 1 }]) {
      expect((await call('PUT', '/api/Me/preferences', users.otherCustomer, body)).statusCode).toBe(400);
    }
  });

  it('follows a downloaded document automatically, unless the user turned that off', async () => {
    expect((await call('POST', '/api/Content/download', users.partner, ['open-doc'])).statusCode).toBe(200);
    expect((await call('GET', '/api/Follows', users.partner)).json().items).toContainEqual(expect.objectContaining({ kind: 'document', itemId: 'open-doc', automatic: true }));
    // Following by choice afterwards makes it a chosen follow.
    expect((await call('PUT', '/api/Follows/document/open-doc', users.partner)).json().automatic).toBe(false);

    await call('PUT', '/api/Me/preferences', users.otherCustomer, { autoFollowDownloads: false });
    expect((await call('POST', '/api/Content/download', users.otherCustomer, ['open-doc'])).statusCode).toBe(200);
    expect((await call('GET', '/api/Follows', users.otherCustomer)).json().items).toEqual([]);
  });

  it('lists the user’s own notifications newest first with the unread count, and marks them read', async () => {
    const row = (id: string, userSub: string, createdAt: string) => ({
      id, userSub, event: 'newVersion' as const, documentId: 'open-doc', versionId: `v-${id}`, title: 'Pump manual', versionLabel: 'B', changeNote: 'Torque table fixed',
      link: '/DocumentLink/OPENDOC-B', createdAt, readAt: null, mailStatus: 'skipped' as const, mailQueuedAt: null, mailedAt: null,
    });
    await t.db.insertInto('notifications').values([
      row('n1', users.customer.sub, '2026-02-01T00:00:00.000Z'),
      row('n2', users.customer.sub, '2026-02-02T00:00:00.000Z'),
      row('n3', users.customer.sub, '2026-02-03T00:00:00.000Z'),
      row('other', users.partner.sub, '2026-02-04T00:00:00.000Z'),
    ]).execute();

    const page = await call('GET', '/api/Notifications?page=1&pageSize=2', users.customer);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, unread: 3 });
    expect(page.json().items.map((item: { id: string }) => item.id)).toEqual(['n3', 'n2']);
    expect(page.json().items[0]).toEqual({
      id: 'n3', event: 'newVersion', documentId: 'open-doc', title: 'Pump manual', versionLabel: 'B', changeNote: 'Torque table fixed',
      link: '/DocumentLink/OPENDOC-B', createdAt: '2026-02-03T00:00:00.000Z', read: false,
    });
    expect((await call('GET', '/api/Notifications?page=2&pageSize=2', users.customer)).json().items.map((item: { id: string }) => item.id)).toEqual(['n1']);

    // Another user's ids are ignored.
    const marked = await call('POST', '/api/Notifications/read', users.customer, { ids: ['n1', 'other'] });
    expect(marked.json()).toEqual({ unread: 2 });
    expect((await call('GET', '/api/Notifications', users.partner)).json().unread).toBe(1);
    expect((await call('POST', '/api/Notifications/read', users.customer, { all: true })).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/api/Notifications', users.customer)).json().items.every((item: { read: boolean }) => item.read)).toBe(true);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['n1'], all: true }]) {
      expect((await call('POST', '/api/Notifications/read', users.customer, body)).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/Notifications?pageSize=500', users.customer)).statusCode).toBe(400);
  });

  it('lists the mails kept in the outbox to admins only', async () => {
    await alertDeps(t.app).sendMail({ to: 'carla@acme.example', subject: 'New document: Pump manual', text: 'Hello', html: '<p>Hello</p>', headers: {} });
    const list = await call('GET', '/api/Admin/outbox', users.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, delivery: 'outbox', items: [{ to: 'carla@acme.example', subject: 'New document: Pump manual' }] });
    const message = await call('GET', `/api/Admin/outbox/${list.json().items[0].id}`, users.admin);
    expect(message.statusCode).toBe(200);
    expect(message.headers['content-type']).toContain('message/rfc822');
    expect(message.body).toContain('Subject: New document: Pump manual');
    expect((await call('GET', '/api/Admin/outbox/20260101T000000000Z-00000000-0000-0000-0000-000000000000', users.admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/Admin/outbox/${encodeURIComponent('../secrets/file-url-secret')}`, users.admin)).statusCode).toBe(404);
    for (const user of [users.customer, users.employee]) expect((await call('GET', '/api/Admin/outbox', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/Admin/outbox')).statusCode).toBe(401);
  });

  it('queues the hourly alert tick when the server starts', async () => {
    const ticks = await t.db.selectFrom('jobs').select(['status', 'dedupeKey']).where('kind', '=', 'alerts.tick').execute();
    expect(ticks).toEqual([{ status: 'queued', dedupeKey: expect.stringMatching(/^alerts\.tick:\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/) }]);
  });

  it('unsubscribes with the signed link alone: GET asks to confirm, POST (one-click) turns mails off, a forged link is refused', async () => {
    await call('PUT', '/api/Me/preferences', users.employee, { email: 'immediate', language: 'fr-FR' });
    const token = signUnsubscribeToken(users.employee.sub, await alertDeps(t.app).unsubscribeKey());
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    expect((await call('GET', '/api/Me/preferences', users.employee)).json().email).toBe('immediate');

    const done = await t.app.inject({
      method: 'POST', url: `/unsubscribe/${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Désabonnement effectué');
    expect((await call('GET', '/api/Me/preferences', users.employee)).json()).toEqual({ email: 'off', autoFollowDownloads: true, language: 'fr-FR' });

    const forged = signUnsubscribeToken(users.customer.sub, Buffer.alloc(32));
    expect((await t.app.inject({ method: 'POST', url: `/unsubscribe/${forged}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/unsubscribe/${token.slice(0, -2)}` })).statusCode).toBe(403);
    expect((await call('GET', '/api/Me/preferences', users.customer)).json().email).toBe('daily');
  });
});
