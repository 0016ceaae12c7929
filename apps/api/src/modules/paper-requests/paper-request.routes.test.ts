import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, seedUnitFixtures } from '../units/units.fixture.ts';
import { paperRequestLimits } from './paper-request.service.ts';

/* Paper on request (issue 25, item 2): the owner's request, the console's queue, due dates, limits and audit. */

describe.each(await testDialects())('paper requests on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const at = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
  const post = async (url: string, payload: unknown, user: TestUserInput = testUsers.customer) =>
    t.app.inject({ method: 'POST', url, payload: payload as string, headers: { ...(await t.authHeaders(user)), 'user-agent': 'paper-test' } });
  const get = async (url: string, user: TestUserInput = testUsers.publisher) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const request = { language: 'fr', postalAddress: 'ACME GmbH\nWerkstraße 1\n12345 Musterstadt', contact: 'Anna Acme, +49 30 1234' };
  const entries = (objectKind: string, objectId: string) =>
    t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', objectKind).where('objectId', '=', objectId).orderBy('seq').execute();

  it('takes a request, queues it due one month later, and walks it requested → printed → shipped with notes, dates and audit', async () => {
    at('2027-01-31T10:00:00.000Z');
    const created = await post('/api/Units/R100-0001/paper-requests', request);
    expect(created.statusCode).toBe(201);
    const paper = created.json();
    // 31 January + one month: the last day of February.
    expect(paper).toMatchObject({ serialNumber: 'R100-0001', account: 'ACME-001', language: 'fr', state: 'requested', requestedAt: '2027-01-31T10:00:00.000Z', dueAt: '2027-02-28T10:00:00.000Z', overdue: false, printed: null, shipped: null });
    expect(paper.postalAddress).toBe(request.postalAddress);
    const [createdEntry] = await entries('paper-request', paper.id);
    expect(createdEntry).toMatchObject({ action: 'create', actorSub: testUsers.customer.sub, userAgent: 'paper-test' });
    expect(JSON.parse(createdEntry!.after!)).toMatchObject({ serialNumber: 'R100-0001', state: 'requested', dueAt: '2027-02-28T10:00:00.000Z' });

    // The day after the due date it is overdue, in the queue and in its count.
    at('2027-03-01T09:00:00.000Z');
    const overdue = (await get('/api/Admin/paper-requests?state=requested&overdue=true')).json();
    expect(overdue.items.map((item: { id: string }) => item.id)).toContain(paper.id);
    expect(overdue.items.find((item: { id: string }) => item.id === paper.id)).toMatchObject({ overdue: true });
    expect(overdue.overdueCount).toBeGreaterThanOrEqual(1);

    // Shipping before printing is out of order.
    expect((await post(`/api/Admin/paper-requests/${paper.id}/status`, { state: 'shipped', note: 'too early' }, testUsers.publisher)).statusCode).toBe(409);
    const printed = await post(`/api/Admin/paper-requests/${paper.id}/status`, { state: 'printed', note: 'Print shop job 77' }, testUsers.publisher);
    expect(printed.statusCode).toBe(200);
    expect(printed.json()).toMatchObject({ state: 'printed', printed: { at: '2027-03-01T09:00:00.000Z', note: 'Print shop job 77' }, shipped: null, overdue: true });
    at('2027-03-02T12:00:00.000Z');
    const shipped = await post(`/api/Admin/paper-requests/${paper.id}/status`, { state: 'shipped', note: 'DHL 123' }, testUsers.admin);
    expect(shipped.json()).toMatchObject({ state: 'shipped', printed: { note: 'Print shop job 77' }, shipped: { at: '2027-03-02T12:00:00.000Z', note: 'DHL 123' }, overdue: false });
    expect((await post(`/api/Admin/paper-requests/${paper.id}/status`, { state: 'shipped', note: '' }, testUsers.admin)).statusCode).toBe(409);
    const steps = await entries('paper-request', paper.id);
    expect(steps.map((entry) => [entry.action, JSON.parse(entry.after!).state])).toEqual([['create', 'requested'], ['edit', 'printed'], ['edit', 'shipped']]);
    expect(steps[2]).toMatchObject({ actorSub: testUsers.admin.sub });
    const shippedList = (await get('/api/Admin/paper-requests?state=shipped')).json();
    expect(shippedList.items.map((item: { id: string }) => item.id)).toEqual([paper.id]);
  });

  it('answers 404 for a unit of another account, exactly as for a missing one, and stores nothing', async () => {
    const other = await post('/api/Units/R100-0300/paper-requests', request);
    const missing = await post('/api/Units/R100-9999/paper-requests', request);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(await t.db.selectFrom('paper_requests').selectAll().where('serialNumber', '=', 'R100-0300').execute()).toEqual([]);
  });

  it('refuses bad input with 400: markup, control characters, overlong text, a language the unit has no documents in', async () => {
    const bad = [
      { ...request, postalAddress: '<b>ACME</b>' },
      { ...request, contact: 'Anna\u0000' },
      { ...request, postalAddress: 'x'.repeat(501) },
      { ...request, contact: '   ' },
      { ...request, language: 'french' },
      { language: 'en', contact: 'Anna' },
    ];
    for (const payload of bad) expect((await post('/api/Units/R100-0001/paper-requests', payload)).statusCode).toBe(400);
    const german = await post('/api/Units/R100-0001/paper-requests', { ...request, language: 'de' });
    expect(german.statusCode).toBe(400);
    expect(german.json().message).toContain('not available in de');
    expect((await post('/api/Admin/paper-requests/nope/status', { state: 'printed', note: '<i>' }, testUsers.publisher)).statusCode).toBe(400);
    expect((await post('/api/Admin/paper-requests/nope/status', { state: 'printed', note: '' }, testUsers.publisher)).statusCode).toBe(404);
    expect((await get('/api/Admin/paper-requests?pageSize=1000')).statusCode).toBe(400);
  });

  it('keeps the queue to staff', async () => {
    expect((await get('/api/Admin/paper-requests', testUsers.customer)).statusCode).toBe(403);
    expect((await post('/api/Admin/paper-requests/x/status', { state: 'printed' }, testUsers.customer)).statusCode).toBe(403);
  });

  it(`refuses a sixth open request for one unit with 429 and audits the flood once a day`, async () => {
    for (let i = 0; i < paperRequestLimits.openPerUnit; i += 1) expect((await post('/api/Units/R100-0150/paper-requests', { ...request, language: 'en' })).statusCode).toBe(201);
    const refused = await post('/api/Units/R100-0150/paper-requests', { ...request, language: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rateLimited', message: expect.stringContaining('5 open paper requests') });
    expect((await post('/api/Units/R100-0150/paper-requests', { ...request, language: 'en' })).statusCode).toBe(429);
    expect(await entries('paper-request-refused', 'ACME-001')).toHaveLength(1);
  });

  it('refuses more than the daily number of requests per account with 429', async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: paperRequestLimits.perAccountPerDay }, (_, i) => ({
      id: `flood-${i}`, unitId: 'elsewhere', serialNumber: 'R100-0300', account: 'GLOBEX', requesterSub: otherCustomer.sub, requesterName: 'Olga',
      language: 'en', postalAddress: 'x', contact: 'y', state: 'shipped' as const, requestedAt: now, dueAt: now, printedAt: null, printedNote: null, shippedAt: now, shippedNote: null,
    }));
    await t.db.insertInto('paper_requests').values(rows).execute();
    const refused = await post('/api/Units/R100-0300/paper-requests', { ...request, language: 'en' }, otherCustomer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('20 paper requests in the last 24 hours');
    expect(await entries('paper-request-refused', 'GLOBEX')).toHaveLength(1);
  });
});
