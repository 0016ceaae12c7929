import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@portal/contracts/documents';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';

/** Issue 32: "Showing results for gripper — search instead for griper" runs the words as typed. */
describe.each(await testDialects())('GET /api/Content/search?exact=true on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual', title: 'Gripper manual', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Mount the gripper.' }] });
    await insertDocument(t.db, { id: 'sheet', title: 'Robot data sheet', typeCode: 'datasheet', products: ['R100'], versions: [{ resourceVersion: 'A', text: 'Payload of the gripper flange.' }] });
  });
  afterAll(() => t.close());

  async function search(query: string) {
    return t.app.inject({ url: `/api/Content/search${query}`, headers: await t.authHeaders(users.customer) });
  }
  const ids = (body: SearchResponse) => body.items.map((item) => item.id).sort();

  it('corrects a misspelling by default, and not when asked for the words as typed', async () => {
    const corrected: SearchResponse = (await search('?q=griper')).json();
    expect({ ids: ids(corrected), didYouMean: corrected.didYouMean }).toEqual({ ids: ['manual', 'sheet'], didYouMean: 'gripper' });

    const asTyped = await search('?q=griper&exact=true');
    expect(asTyped.statusCode).toBe(200);
    const body: SearchResponse = asTyped.json();
    expect(body).toMatchObject({ items: [], total: 0 });
    expect(body.didYouMean).toBeUndefined();

    // The corrected answer is not served from the exact one's cache, nor the other way round.
    expect(((await search('?q=griper')).json() as SearchResponse).didYouMean).toBe('gripper');
    expect(((await search('?q=griper&exact=false')).json() as SearchResponse).total).toBe(2);
  });

  it('finds correctly spelt words the same way either way', async () => {
    const exact: SearchResponse = (await search('?q=gripper&exact=true')).json();
    expect(ids(exact)).toEqual(['manual', 'sheet']);
    expect(exact.didYouMean).toBeUndefined();
  });

  it('refuses an exact flag that is neither true nor false', async () => {
    const response = await search('?q=griper&exact=yes');
    expect(response.statusCode).toBe(400);
  });
});
