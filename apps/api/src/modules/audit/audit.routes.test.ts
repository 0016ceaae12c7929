import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { pruneAuditOlderThan } from './audit-retention.ts';
import { recordAudit } from './audit.service.ts';
import { commandContext } from './audit-context.ts';

const pdfBytes = await generatePdf({ title: 'Audit trail manual', subtitle: 'AUD', sections: [{ heading: 'One', paragraphs: ['Text.'] }] });

describe.each(await testDialects())('audit log routes on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let publisher: Record<string, string>;
  let documentId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await ensureReferenceData(t.db);
    admin = await t.authHeaders(testUsers.admin);
    publisher = await t.authHeaders(testUsers.publisher);
    const { payload, headers } = multipartBody([
      { name: 'metadata', value: JSON.stringify({ serviceRef: 'D77000001', title: 'Audit trail manual', typeCode: 'manual', languageCode: 'en', status: 'published' }) },
      { name: 'file', filename: 'audit.pdf', content: pdfBytes },
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/Admin/documents', payload, headers: { ...headers, ...publisher, 'user-agent': '=HYPERLINK("http://evil.example")' } });
    expect(created.statusCode).toBe(201);
    documentId = created.json().id;
    for (const [method, url, body] of [
      ['PATCH', `/api/Admin/documents/${documentId}`, { title: 'Audit trail manual, 2nd edition', audience: 'restricted', access: [{ kind: 'account', value: 'ACME-001' }] }],
      ['POST', `/api/Admin/documents/${documentId}/unpublish`, undefined],
      ['POST', `/api/Admin/documents/${documentId}/publish`, undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: publisher, ...(body ? { payload: body } : {}) });
      expect(response.statusCode, url).toBe(200);
    }
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

  it('lets only admins read, export and verify the log: 403 for publishers, staff and customers, 401 without a token', async () => {
    for (const url of ['/api/Admin/audit', '/api/Admin/audit/export', '/api/Admin/audit/verify', '/api/Admin/audit?pageSize=0']) {
      for (const user of [testUsers.publisher, testUsers.employee, testUsers.customer, testUsers.partner]) {
        expect((await get(url, await t.authHeaders(user))).statusCode, `${user.email} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url)).statusCode, url).not.toBeGreaterThanOrEqual(401);
    }
  });

  it('records each publishing step once, with actor, role, address, user agent and before → after', async () => {
    const { entries } = (await get(`/api/Admin/audit?objectKind=document&objectId=${documentId}`)).json();
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['publish', 'unpublish', 'audience', 'edit', 'publish']);
    const created = entries[4];
    expect(created).toMatchObject({
      actor: 'publisher@demo.example', actorSub: 'demo-publisher', roles: ['publisher', 'employee'], account: null,
      object: { kind: 'document', id: documentId }, before: null, address: '127.0.0.1', userAgent: '=HYPERLINK("http://evil.example")',
      after: { serviceRef: 'D77000001', title: 'Audit trail manual', status: 'published', version: { resourceVersion: 'A', fileName: 'audit.pdf' } },
    });
    expect(entries[3]).toMatchObject({ before: { title: 'Audit trail manual' }, after: { title: 'Audit trail manual, 2nd edition' } });
    expect(entries[2]).toMatchObject({ before: { audience: 'everyone', access: [] }, after: { audience: 'restricted', access: [{ kind: 'account', value: 'ACME-001', expiresAt: null }] } });
    expect(entries[1]).toMatchObject({ before: { status: 'published' }, after: { status: 'unpublished' } });
  });

  it('names the actor and the object for a person to read: name, title and page reference, null once gone or unknown', async () => {
    const { entries } = (await get(`/api/Admin/audit?objectKind=document&objectId=${documentId}`)).json();
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorName: testUsers.publisher.name, objectTitle: 'Audit trail manual, 2nd edition', objectRef: 'D77000001' });
    }
    const context = commandContext('names test');
    await recordAudit(t.db, context, { action: 'role', object: { kind: 'user', id: testUsers.publisher.sub } });
    await recordAudit(t.db, context, { action: 'maintenance', object: { kind: 'product', id: 'no-such-product' } });
    await recordAudit(t.db, context, { action: 'maintenance', object: { kind: 'gadget', id: 'g-1' } });
    const named = async (objectId: string) => (await get(`/api/Admin/audit?objectId=${objectId}`)).json().entries[0];
    expect(await named(testUsers.publisher.sub)).toMatchObject({
      actorName: null, objectTitle: `${testUsers.publisher.name} <${testUsers.publisher.email}>`, objectRef: null,
    });
    expect(await named('no-such-product')).toMatchObject({ object: { kind: 'product' }, actorName: null, objectTitle: null, objectRef: null });
    expect(await named('g-1')).toMatchObject({ object: { kind: 'gadget' }, objectTitle: null, objectRef: null });
  });

  it('names notices, feedback, paper requests, accounts and users by what a person reads, not by their id', async () => {
    const at = '2026-03-01T00:00:00.000Z';
    await t.db.insertInto('unit_notices').values({ id: 'notice-t1', kind: 'safety', title: 'Gripper jaws may loosen', productCode: 'G20', serialFrom: null, serialTo: null, publishedAt: at, closedAt: null }).execute();
    await t.db.insertInto('feedback_items').values({
      id: 'feedback-t1', subjectKind: 'document', subjectId: documentId, subjectKey: documentId, subjectTitle: 'Audit trail manual', link: `/documents/${documentId}`,
      versionId: null, versionLabel: null, readerSub: testUsers.customer.sub, readerName: testUsers.customer.name, language: 'en', helpful: 0, reason: 'outdated',
      comment: '', status: 'new', note: '', createdAt: at, updatedAt: at,
    }).execute();
    await t.db.insertInto('paper_requests').values({
      id: 'paper-t1', unitId: 'unit-t1', serialNumber: 'SN-4711', account: 'ACME-001', requesterSub: testUsers.customer.sub, requesterName: testUsers.customer.name,
      language: 'de', postalAddress: 'Street 1', contact: 'ann@acme.example', state: 'requested', requestedAt: at, dueAt: at,
      printedAt: null, printedNote: null, shippedAt: null, shippedNote: null,
    }).execute();
    // Accounts and users through the console, whose writers audit them.
    expect((await t.app.inject({ method: 'POST', url: '/api/Admin/accounts', headers: admin, payload: { id: 'NAMED-1', name: 'Named Works', kind: 'customer' } })).statusCode).toBe(201);
    const user = await t.app.inject({ method: 'POST', url: '/api/Admin/users', headers: admin, payload: { email: 'nina@named.example', name: 'Nina Named', roles: ['customer'], password: 'a long enough password' } });
    expect(user.statusCode).toBe(201);
    const context = commandContext('titles test');
    for (const [kind, id] of [['notice', 'notice-t1'], ['feedback', 'feedback-t1'], ['paper-request', 'paper-t1'], ['paper-request-refused', 'NAMED-1']]) {
      await recordAudit(t.db, context, { action: 'create', object: { kind, id: id! } });
    }
    const titleOf = async (kind: string, id: string) => (await get(`/api/Admin/audit?objectKind=${kind}&objectId=${encodeURIComponent(id)}`)).json().entries[0]?.objectTitle;
    expect(await titleOf('notice', 'notice-t1')).toBe('Gripper jaws may loosen');
    expect(await titleOf('feedback', 'feedback-t1')).toBe('Feedback on Audit trail manual');
    expect(await titleOf('paper-request', 'paper-t1')).toBe('Paper request for SN-4711 (de)');
    expect(await titleOf('company', 'NAMED-1')).toBe('Named Works (NAMED-1)');
    expect(await titleOf('paper-request-refused', 'NAMED-1')).toBe('Named Works (NAMED-1)');
    expect(await titleOf('account', user.json().id)).toBe('Nina Named <nina@named.example>');
    expect(await titleOf('notice', 'no-such-notice')).toBeUndefined();
  });

  it('filters by actor, action, object and time range, and pages with a cursor', async () => {
    const all = (await get('/api/Admin/audit?pageSize=200')).json().entries as Array<{ seq: number; at: string; action: string }>;
    expect((await get('/api/Admin/audit?actor=PUBLISHER@demo.example')).json().entries).toHaveLength(5);
    expect((await get('/api/Admin/audit?actor=demo-publisher&action=publish')).json().entries).toHaveLength(2);
    expect((await get('/api/Admin/audit?actor=customer@demo.example')).json().entries).toEqual([]);
    expect((await get('/api/Admin/audit?objectKind=document&objectId=unknown')).json().entries).toEqual([]);
    const oldest = all[all.length - 1]!;
    const fromSecond = (await get(`/api/Admin/audit?from=${encodeURIComponent(all[all.length - 2]!.at)}&pageSize=200`)).json().entries;
    expect(fromSecond.every((entry: { seq: number }) => entry.seq > oldest.seq || entry.seq === oldest.seq)).toBe(true);
    const untilOldest = (await get(`/api/Admin/audit?to=${encodeURIComponent(new Date(Date.parse(oldest.at) + 1).toISOString())}`)).json().entries;
    expect(untilOldest.map((entry: { seq: number }) => entry.seq)).toContain(oldest.seq);
    expect((await get('/api/Admin/audit?to=2000-01-01T00:00:00Z')).json().entries).toEqual([]);

    const first = (await get('/api/Admin/audit?pageSize=2')).json();
    expect(first.entries.map((entry: { seq: number }) => entry.seq)).toEqual(all.slice(0, 2).map((entry) => entry.seq));
    const second = (await get(`/api/Admin/audit?pageSize=2&cursor=${first.nextCursor}`)).json();
    expect(second.entries.map((entry: { seq: number }) => entry.seq)).toEqual(all.slice(2, 4).map((entry) => entry.seq));
    const last = (await get(`/api/Admin/audit?pageSize=200&cursor=${all[all.length - 2]!.seq}`)).json();
    expect(last).toMatchObject({ nextCursor: null, entries: [{ seq: oldest.seq }] });
  });

  it('answers a clear 400 listing the problem for bad queries, to admins', async () => {
    for (const [query, path] of [
      ['pageSize=0', 'querystring.pageSize'], ['pageSize=201', 'querystring.pageSize'], ['pageSize=ten', 'querystring.pageSize'],
      ['cursor=-1', 'querystring.cursor'], ['action=hack', 'querystring.action'], ['from=yesterday', 'querystring.from'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'querystring.to'], ['objectKind=Robert%27);DROP', 'querystring.objectKind'],
      [`actor=${'a'.repeat(400)}`, 'querystring.actor'],
    ] as const) {
      const response = await get(`/api/Admin/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: 'invalidParameters', details: [expect.objectContaining({ path })] });
      expect((await get(`/api/Admin/audit/export?${query.replace(/pageSize=[^&]*|cursor=[^&]*/, 'action=nope')}`)).statusCode, query).toBe(400);
    }
  });

  it('exports the filtered entries as CSV, oldest first, with formula-like cells neutralised', async () => {
    const response = await get(`/api/Admin/audit/export?objectId=${documentId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-.*\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,at,actor,actorSub,roles,account,action,objectKind,objectId,before,after,address,userAgent,hash');
    expect(lines.slice(1).map((line) => line.split(',')[6])).toEqual(['publish', 'edit', 'audience', 'unpublish', 'publish']);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(lines[1]).toContain(',publisher@demo.example,demo-publisher,publisher employee,,publish,document,');
    const onlyEdits = (await get('/api/Admin/audit/export?action=edit')).body.trimEnd().split('\r\n');
    expect(onlyEdits).toHaveLength(2);
  });

  it('defuses a formula after a ; or , inside a cell, as spreadsheets splitting on ; would read it (N2)', async () => {
    const agent = 'Mozilla/5.0;=2+5,@SUM(A1);-1';
    await recordAudit(t.db, { ...commandContext('csv test'), userAgent: agent }, { action: 'maintenance', object: { kind: 'maintenance', id: 'csv-test' } });
    const line = (await get('/api/Admin/audit/export?objectId=csv-test')).body.trimEnd().split('\r\n')[1]!;
    expect(line).toContain(`,"Mozilla/5.0;'=2+5,'@SUM(A1);'-1",`);
    // Split as French or German Excel does: no piece starts a formula.
    for (const piece of line.split(/[;,]/)) expect(piece.replace(/^"/, ''), piece).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('verifies the chain, and reports the first entry changed, removed or cut off in the database', async () => {
    expect((await get('/api/Admin/audit/verify')).json()).toEqual({ intact: true, entries: expect.any(Number) });
    const [second] = (await get('/api/Admin/audit?pageSize=200')).json().entries.slice(-2) as Array<{ seq: number }>;
    const original = await t.db.selectFrom('audit_entries').selectAll().where('seq', '=', second!.seq).executeTakeFirstOrThrow();

    await t.db.updateTable('audit_entries').set({ after: original.after!.replace('2nd edition', '3rd edition') }).where('seq', '=', second!.seq).execute();
    expect((await get('/api/Admin/audit/verify')).json()).toEqual({ intact: false, broken: { seq: second!.seq, reason: expect.stringContaining('changed after it was written') } });

    await t.db.updateTable('audit_entries').set({ after: original.after }).where('seq', '=', second!.seq).execute();
    expect((await get('/api/Admin/audit/verify')).json()).toMatchObject({ intact: true });

    await t.db.deleteFrom('audit_entries').where('seq', '=', second!.seq).execute();
    expect((await get('/api/Admin/audit/verify')).json()).toMatchObject({ intact: false, broken: { seq: second!.seq + 1, reason: expect.stringContaining('missing') } });
    await t.db.insertInto('audit_entries').values(original).execute();

    const head = await t.db.selectFrom('audit_entries').select(sql<number>`max(seq)`.as('last')).executeTakeFirstOrThrow();
    const last = await t.db.selectFrom('audit_entries').selectAll().where('seq', '=', Number(head.last)).executeTakeFirstOrThrow();
    await t.db.deleteFrom('audit_entries').where('seq', '=', last.seq).execute();
    expect((await get('/api/Admin/audit/verify')).json()).toMatchObject({ intact: false, broken: { seq: Number(last.seq), reason: expect.stringContaining('missing') } });
    await t.db.insertInto('audit_entries').values(last).execute();
    expect((await get('/api/Admin/audit/verify')).json()).toMatchObject({ intact: true });
  });

  it('has no route that changes or removes an entry', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/Admin/audit', '/api/Admin/audit/1', '/api/Admin/audit/verify']) {
        expect((await t.app.inject({ method, url, headers: admin, payload: {} })).statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('prunes entries older than N days only through retention, keeping the rest verifiable from the new anchor', async () => {
    const entries = (await get('/api/Admin/audit?pageSize=200')).json().entries as Array<{ seq: number; at: string }>;
    const boundary = entries[entries.length - 3]!;
    // "Now" is a day after the boundary entry: everything up to it is older than one day.
    const now = Date.parse(boundary.at) + 1 + 86_400_000;
    const result = await pruneAuditOlderThan(t.db, 1, commandContext('test prune'), now);
    expect(result.removed).toBeGreaterThanOrEqual(3);
    expect(result.anchorSeq).toBeGreaterThanOrEqual(boundary.seq);
    const kept = (await get('/api/Admin/audit?pageSize=200')).json().entries as Array<{ seq: number; action: string; after: unknown }>;
    expect(Math.min(...kept.map((entry) => entry.seq))).toBe(result.anchorSeq + 1);
    expect(kept[0]).toMatchObject({ action: 'prune', after: { removed: result.removed, anchorSeq: result.anchorSeq, olderThanDays: 1 } });
    expect((await get('/api/Admin/audit/verify')).json()).toEqual({ intact: true, entries: kept.length });
    await expect(pruneAuditOlderThan(t.db, 0, commandContext('test prune'))).rejects.toThrow(/at least 1/);
  });
});
