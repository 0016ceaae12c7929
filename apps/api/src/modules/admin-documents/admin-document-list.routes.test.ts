import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDocumentListQuerySchema } from '@portal/contracts/admin-document-list';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { listAdminDocumentRows } from '../documents/index.ts';

describe.each(await testDialects())('GET /api/Admin/documents on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0' });
    await insertReferenceData(test.db);
    await insertDocument(test.db, { id: 'arm-manual', title: 'Arm manual', products: ['R100'], updatedAt: '2026-03-01T00:00:00.000Z' });
    await insertDocument(test.db, {
      id: 'gripper-sheet', title: 'Gripper data sheet', typeCode: 'datasheet', languageCode: 'fr', products: ['G20'], variantGroup: 'arm-manual',
      audience: 'restricted', rules: [{ kind: 'account', value: 'ACME-001' }, { kind: 'role', value: 'partner' }], updatedAt: '2026-03-03T00:00:00.000Z',
    });
    await insertDocument(test.db, { id: 'old-guide', title: 'Zeta 50% guide', status: 'unpublished', versions: [{ resourceVersion: 'A', status: 'unpublished' }], updatedAt: '2026-03-02T00:00:00.000Z' });
    await insertDocument(test.db, { id: 'brake-note', title: 'Brake note', products: ['R100', 'G20'], languageCode: 'de', updatedAt: '2026-03-04T00:00:00.000Z', versions: [{ resourceVersion: 'A' }, { resourceVersion: 'B' }] });
  });
  afterAll(() => test.close());

  async function list(query: string, user = testUsers.publisher) {
    const response = await test.app.inject({ method: 'GET', url: `/api/Admin/documents${query}`, headers: await test.authHeaders(user) });
    return response;
  }
  const ids = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json().items.map((item: { id: string }) => item.id);
  };

  it('lists every document, newest change first by default, with its summary', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual(['brake-note', 'gripper-sheet', 'old-guide', 'arm-manual']);
    expect(body.items[0]).toEqual({
      id: 'brake-note', serviceRef: 'BRAKENOTE', title: 'Brake note', typeCode: 'manual', languageCode: 'de', variantGroup: 'brake-note', products: ['G20', 'R100'],
      audience: { kind: 'everyone', rules: 0 }, state: 'published', scheduledAt: null, currentVersion: { id: 'brake-note-B', resourceVersion: 'B' }, updatedAt: '2026-03-04T00:00:00.000Z',
    });
    expect(body.items[1].audience).toEqual({ kind: 'restricted', rules: 2 });
    expect(body.items[2]).toMatchObject({ state: 'unpublished', currentVersion: null });
  });

  it('pages on the server and keeps the total', async () => {
    const first = (await list('?sort=title&direction=asc&pageSize=3')).json();
    const second = (await list('?sort=title&direction=asc&pageSize=3&page=2')).json();
    expect(first.items.map((item: { title: string }) => item.title)).toEqual(['Arm manual', 'Brake note', 'Gripper data sheet']);
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['Zeta 50% guide']);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect((await list('?page=9')).json()).toEqual({ items: [], total: 4 });
  });

  it('filters by text in the title or service reference, literally and without case', async () => {
    expect(await ids('?q=GRIPPER')).toEqual(['gripper-sheet']);
    expect(await ids('?q=armmanual')).toEqual(['arm-manual']);
    expect(await ids('?q=50%25')).toEqual(['old-guide']);
    expect(await ids('?q=%25')).toEqual(['old-guide']);
    expect(await ids('?q=_')).toEqual([]);
  });

  it('finds a part from the middle of a title or service reference', async () => {
    expect(await ids('?q=IPPER%20DATA%20SH')).toEqual(['gripper-sheet']);
    expect(await ids('?q=akeno')).toEqual(['brake-note']);
    expect(await ids('?q=a')).toEqual(['brake-note', 'gripper-sheet', 'old-guide', 'arm-manual']);
  });

  it.runIf(dialect === 'postgres')('searches through the trigram indexes on PostgreSQL, with the same results', async () => {
    await test.db.transaction().execute(async (trx) => {
      // Four rows would be scanned whole: forbid that so the page and the total come from the indexes.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from documents where lower(title) like ${'%ta sh%'} or lower("serviceRef") like ${'%ta sh%'}`.execute(trx);
      const planText = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(planText).toContain('documents_title_trgm_idx');
      expect(planText).toContain('documents_service_ref_trgm_idx');
      const search = async (q: string) => {
        const { rows, total } = await listAdminDocumentRows(trx, adminDocumentListQuerySchema.parse({ q }));
        return { ids: rows.map((row) => row.id), total };
      };
      expect(await search('DATA she')).toEqual({ ids: ['gripper-sheet'], total: 1 });
      expect(await search('rakenot')).toEqual({ ids: ['brake-note'], total: 1 });
      expect(await search('a 50% g')).toEqual({ ids: ['old-guide'], total: 1 });
      expect(await search('gripper_data')).toEqual({ ids: [], total: 0 });
    });
  });

  it('filters by type, product, language, audience, state and variant group, together too', async () => {
    expect(await ids('?type=datasheet')).toEqual(['gripper-sheet']);
    expect(await ids('?product=R100')).toEqual(['brake-note', 'arm-manual']);
    expect(await ids('?language=fr')).toEqual(['gripper-sheet']);
    expect(await ids('?audience=restricted')).toEqual(['gripper-sheet']);
    expect(await ids('?state=unpublished')).toEqual(['old-guide']);
    expect(await ids('?variantGroup=arm-manual')).toEqual(['gripper-sheet', 'arm-manual']);
    expect(await ids('?state=published&product=G20&language=de')).toEqual(['brake-note']);
    const filtered = (await list('?type=manual&state=published')).json();
    expect(filtered.total).toBe(2);
  });

  it('sorts by title, type and last change in both directions', async () => {
    expect(await ids('?sort=title&direction=desc')).toEqual(['old-guide', 'gripper-sheet', 'brake-note', 'arm-manual']);
    expect(await ids('?sort=type&direction=asc')).toEqual(['gripper-sheet', 'arm-manual', 'brake-note', 'old-guide']);
    expect(await ids('?sort=updatedAt&direction=asc')).toEqual(['arm-manual', 'old-guide', 'gripper-sheet', 'brake-note']);
  });

  it('answers 400 for a bad parameter', async () => {
    for (const query of ['?pageSize=101', '?page=0', '?sort=size', '?state=draft', '?language=english', '?direction=up']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalidParameters' });
    }
  });

  it('serves admins and publishers, refuses other roles (403) and anonymous callers (401)', async () => {
    expect((await list('', testUsers.admin)).statusCode).toBe(200);
    for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
      expect((await list('', user)).statusCode).toBe(403);
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/Admin/documents' })).statusCode).toBe(401);
  });
});
