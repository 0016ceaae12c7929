import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxSearchQueryLength, type SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { reindexDocument } from './search-index.repository.ts';

describe.each(await testDialects())('GET /api/Content/search on %s', (dialect) => {
  let t: TestApp;
  const thumbnail = Buffer.from('fake png bytes');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    const { key } = await t.app.storage.put(Readable.from([thumbnail]));
    await insertDocument(t.db, { id: 'manual', title: 'Gripper manual', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Mount the gripper.', thumbnailKey: key }] });
    await insertDocument(t.db, { id: 'sheet', title: 'Robot data sheet', typeCode: 'datasheet', products: ['R100'], versions: [{ resourceVersion: 'A', fileName: 'r100-ds-revD.PDF', text: 'Payload of the gripper flange.' }] });
    await insertDocument(t.db, { id: 'german', title: 'Greifer Handbuch', languageCode: 'de', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Gripper auf Deutsch.' }] });
    await insertDocument(t.db, { id: 'secret', title: 'Gripper roadmap', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Secret gripper plans.' }] });
  });
  afterAll(() => t.close());

  async function search(user: AuthUser | null, query: string) {
    return t.app.inject({ url: `/api/Content/search${query}`, headers: user ? await t.authHeaders(user) : {} });
  }
  const ids = (body: SearchResponse) => body.items.map((item) => item.id);

  it('finds by word prefix, title matches first, with snippet, products and labelled facets', async () => {
    const response = await search(users.customer, '?q=gripp');
    expect(response.statusCode).toBe(200);
    const body: SearchResponse = response.json();
    expect(ids(body)[0]).toBe('manual');
    expect(new Set(ids(body))).toEqual(new Set(['manual', 'sheet', 'german']));
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 24 });
    const sheet = body.items.find((item) => item.id === 'sheet')!;
    expect(sheet).toMatchObject({ serviceRef: 'SHEET', typeCode: 'datasheet', products: ['R100'], downloadable: true, resourceVersion: 'A', thumbnailUrl: null });
    // Named after the title as readers get it, never as uploaded.
    expect(sheet.fileName).toBe('Robot data sheet.pdf');
    expect(sheet.snippet).toContain('\uE000gripper\uE001');
    expect(body.facets.type).toEqual([{ value: 'manual', label: 'Manual', count: 2 }, { value: 'datasheet', label: 'Data sheet', count: 1 }]);
    expect(body.facets.product).toEqual([{ value: 'G20', label: 'Gripper G20', count: 2 }, { value: 'R100', label: 'Robot R100', count: 1 }]);
    expect(body.facets.language).toEqual([{ value: 'en', label: 'English', count: 2 }, { value: 'de', label: 'German', count: 1 }]);
  });

  it('gives a signed thumbnail URL that serves the image', async () => {
    const body: SearchResponse = (await search(users.customer, '?q=manual')).json();
    const url = body.items[0].thumbnailUrl!;
    expect(url).toMatch(/^\/files\//);
    const image = await t.app.inject({ url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(thumbnail)).toBe(true);
  });

  it('never returns or counts a restricted document for a user outside its audience', async () => {
    const customer: SearchResponse = (await search(users.customer, '?q=roadmap')).json();
    expect(customer).toMatchObject({ items: [], total: 0, facets: { type: [], product: [], language: [] } });
    const partner: SearchResponse = (await search(users.partner, '?q=roadmap')).json();
    expect(ids(partner)).toEqual(['secret']);
    expect(partner.facets.product).toEqual([{ value: 'G20', label: 'Gripper G20', count: 1 }]);
  });

  it('filters by repeated or comma-separated values, sorts and paginates', async () => {
    const filtered: SearchResponse = (await search(users.customer, '?q=gripper&product=G20,R100&language=de&language=en&type=manual')).json();
    expect(new Set(ids(filtered))).toEqual(new Set(['manual', 'german']));
    const byTitle: SearchResponse = (await search(users.customer, '?sort=title&pageSize=2&page=2')).json();
    expect(byTitle).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(byTitle)).toEqual(['sheet']);
  });

  it('offers a correction of a misspelt word, but never one found only in documents the user may not see', async () => {
    const corrected: SearchResponse = (await search(users.customer, '?q=griper')).json();
    expect(corrected.didYouMean).toBe('gripper');
    expect(new Set(ids(corrected))).toEqual(new Set(['manual', 'sheet', 'german']));
    const hidden: SearchResponse = (await search(users.customer, '?q=roadmapp')).json();
    expect(hidden).toMatchObject({ total: 0, items: [] });
    expect(hidden.didYouMean).toBeUndefined();
    expect(((await search(users.partner, '?q=roadmapp')).json() as SearchResponse).didYouMean).toBe('roadmap');
  });

  it('counts afresh once an admin grants access or a document changes', async () => {
    const mail = encodeURIComponent(users.customer.email);
    const grant = async (documentId: string) =>
      t.app.inject({ method: 'POST', url: `/api/Content/UserDocumentAccess?mail=${mail}`, headers: await t.authHeaders(admin), payload: [documentId] });
    const admin = { ...users.admin, sub: 'cache-admin' };
    expect((await grant('manual')).statusCode).toBe(200);
    const before: SearchResponse = (await search(users.customer, '?q=roadmap')).json();
    expect(before.total).toBe(0);
    expect((await grant('secret')).statusCode).toBe(200);
    const after: SearchResponse = (await search(users.customer, '?q=roadmap')).json();
    expect({ ids: ids(after), total: after.total, products: after.facets.product }).toEqual({
      ids: ['secret'],
      total: 1,
      products: [{ value: 'G20', label: 'Gripper G20', count: 1 }],
    });

    await t.db.updateTable('documents').set({ status: 'unpublished' }).where('id', '=', 'secret').execute();
    await reindexDocument(t.db, 'secret');
    expect((await search(users.customer, '?q=roadmap')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a query longer than the contract allows with a clear message', async () => {
    const response = await search(users.customer, `?q=${'a'.repeat(maxSearchQueryLength + 1)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'queryTooLong', message: expect.stringContaining(`at most ${maxSearchQueryLength} characters`) });
    expect((await search(users.customer, `?q=${'a'.repeat(maxSearchQueryLength)}`)).statusCode).toBe(200);
  });

  it('refuses bad parameters and anonymous callers', async () => {
    expect((await search(users.customer, '?pageSize=101')).statusCode).toBe(400);
    expect((await search(users.customer, '?page=0')).statusCode).toBe(400);
    expect((await search(users.customer, '?sort=random')).statusCode).toBe(400);
    expect((await search(null, '?q=gripper')).statusCode).toBe(401);
  });
});
