import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { searchIndexChanged } from './search-index.repository.ts';
import { parseSearchTerms } from './search-query.ts';
import { searchDocuments, type SearchCriteria } from './search.repository.ts';

/** The shared test set: both engines must agree on it. */
async function seedSearchSet(handle: TestDatabase): Promise<void> {
  const db = handle.db;
  await insertReferenceData(db);
  const text = (body: string) => [{ resourceVersion: 'A', text: body }];
  await insertDocument(db, { id: 'title-hit', title: 'Gripper maintenance manual', versions: text('How to service the unit safely.'), products: ['G20'] });
  await insertDocument(db, { id: 'body-hit', title: 'Robot safety notes', versions: text('Clean the gripper fingers every week. The gripper needs grease.'), products: ['R100'] });
  await insertDocument(db, { id: 'both-words', title: 'Torque table', typeCode: 'datasheet', versions: text('Torque values for the gripper G20 jaws.'), products: ['G20', 'R100'] });
  await insertDocument(db, { id: 'german', title: 'Greifer Handbuch', languageCode: 'de', versions: text('Wartung des Greifers.'), products: ['G20'] });
  await insertDocument(db, { id: 'restricted', title: 'Gripper secret roadmap', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], versions: text('Unreleased gripper designs.'), products: ['G20'] });
  await insertDocument(db, { id: 'unpublished', title: 'Gripper draft', status: 'unpublished', versions: text('Draft gripper text.') });
  await insertDocument(db, { id: 'unrelated', title: 'Controller firmware notes', versions: text('Update the controller before use.'), products: ['R100'] });
}

describe.each(await testDialects())('search repository on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await seedSearchSet(handle);
  });
  afterAll(() => handle.destroy());

  function search(user: AuthUser, q: string, options: Partial<SearchCriteria> = {}) {
    return searchDocuments(handle.db, {
      terms: parseSearchTerms(q),
      type: [],
      product: [],
      language: [],
      sort: 'relevance',
      limit: 24,
      offset: 0,
      user,
      ...options,
    });
  }
  const ids = (result: { rows: Array<{ id: string }> }) => result.rows.map((row) => row.id);

  it('ranks a title match above body matches, and matches word prefixes', async () => {
    const result = await search(users.customer, 'gripp');
    expect(ids(result)[0]).toBe('title-hit');
    expect(new Set(ids(result))).toEqual(new Set(['title-hit', 'body-hit', 'both-words']));
    expect(result.total).toBe(3);
  });

  it('requires every word, each as a prefix, and ignores operators in the input', async () => {
    expect(ids(await search(users.customer, 'torq grip'))).toEqual(['both-words']);
    expect(ids(await search(users.customer, '"torq" AND (grip*) -x:'))).toEqual([]);
    expect(ids(await search(users.customer, '"torq" (grip*) :'))).toEqual(['both-words']);
    expect(ids(await search(users.customer, 'nothingmatchesthis'))).toEqual([]);
  });

  it('marks matches in the body snippet', async () => {
    const result = await search(users.customer, 'grease');
    expect(ids(result)).toEqual(['body-hit']);
    expect(result.rows[0].snippet).toContain('\uE000grease\uE001');
  });

  it('never returns or counts what the user may not see', async () => {
    const customer = await search(users.customer, 'gripper');
    expect(ids(customer)).not.toContain('restricted');
    expect(customer.facets.product.find((facet) => facet.value === 'G20')?.count).toBe(2);
    const partner = await search(users.partner, 'gripper');
    expect(ids(partner)).toContain('restricted');
    expect(partner.facets.product.find((facet) => facet.value === 'G20')?.count).toBe(3);
    const employee = await search(users.employee, 'gripper');
    expect(ids(employee)).not.toContain('unpublished');
  });

  it('filters, and counts each facet without its own filter', async () => {
    const result = await search(users.customer, '', { type: ['datasheet'], sort: 'newest' });
    expect(ids(result)).toEqual(['both-words']);
    expect(result.total).toBe(1);
    expect(result.facets.type).toEqual(expect.arrayContaining([{ value: 'manual', count: 4 }, { value: 'datasheet', count: 1 }]));
    expect(result.facets.language).toEqual([{ value: 'en', count: 1 }]);
    const german = await search(users.customer, 'greif', { language: ['de'], product: ['G20'] });
    expect(ids(german)).toEqual(['german']);
    expect(german.facets.language).toEqual(expect.arrayContaining([{ value: 'de', count: 1 }]));
    expect(ids(await search(users.customer, 'greif', { language: ['en'] }))).toEqual([]);
  });

  it('lists everything visible without a query, sorted and paginated', async () => {
    const byTitle = await search(users.customer, '', { sort: 'title' });
    expect(ids(byTitle)).toEqual(['unrelated', 'german', 'title-hit', 'body-hit', 'both-words']);
    expect(byTitle.total).toBe(5);
    expect(byTitle.rows.every((row) => row.snippet === '')).toBe(true);
    const second = await search(users.customer, '', { sort: 'title', limit: 2, offset: 2 });
    expect(ids(second)).toEqual(['title-hit', 'body-hit']);
    expect(second.total).toBe(5);
  });
});

describe.each(await testDialects())('search ranking and freshness on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await insertReferenceData(handle.db);
    const version = (publishedAt: string, text: string) => [{ resourceVersion: 'A', publishedAt, text }];
    await insertDocument(handle.db, { id: 'd-both-in-title', title: 'Torque gripper guide', versions: version('2026-03-01T00:00:00.000Z', 'Nothing else here.') });
    await insertDocument(handle.db, { id: 'd-one-in-title-old', title: 'Gripper overview', versions: version('2026-02-01T00:00:00.000Z', 'Torque limits.') });
    await insertDocument(handle.db, { id: 'd-one-in-title-new', title: 'Torque overview', versions: version('2026-05-01T00:00:00.000Z', 'Gripper limits.') });
    await insertDocument(handle.db, { id: 'd-body-only', title: 'Service notes', versions: version('2026-06-01T00:00:00.000Z', 'Gripper torque values.') });
  });
  afterAll(() => handle.destroy());

  const search = (user: AuthUser, q: string, options: Partial<SearchCriteria> = {}) =>
    searchDocuments(handle.db, {
      terms: parseSearchTerms(q), type: [], product: [], language: [], sort: 'relevance', limit: 24, offset: 0, user, ...options,
    });
  const ids = (result: { rows: Array<{ id: string }> }) => result.rows.map((row) => row.id);

  it('ranks by the number of words in the title, then newest first, and pages through that order', async () => {
    const all = ['d-both-in-title', 'd-one-in-title-new', 'd-one-in-title-old', 'd-body-only'];
    expect(ids(await search(users.customer, 'gripper torque'))).toEqual(all);
    expect(ids(await search(users.customer, 'gripper torque', { limit: 2, offset: 1 }))).toEqual(all.slice(1, 3));
    expect(ids(await search(users.customer, 'gripper torque', { sort: 'newest' }))).toEqual([
      'd-body-only', 'd-one-in-title-new', 'd-both-in-title', 'd-one-in-title-old',
    ]);
    expect(ids(await search(users.customer, 'gripper torque', { sort: 'title' }))).toEqual([
      'd-one-in-title-old', 'd-body-only', 'd-both-in-title', 'd-one-in-title-new',
    ]);
  });

  it('sees a document added, restricted or withdrawn after an earlier search', async () => {
    expect((await search(users.customer, 'flange')).total).toBe(0);
    await insertDocument(handle.db, { id: 'd-late', title: 'Flange drawing', versions: [{ resourceVersion: 'A', text: 'Flange.' }], products: ['G20'] });
    const added = await search(users.customer, 'flange');
    expect(ids(added)).toEqual(['d-late']);
    expect(added.facets.product).toEqual([{ value: 'G20', count: 1 }]);

    await handle.db.updateTable('documents').set({ audience: 'restricted' }).where('id', '=', 'd-late').execute();
    await handle.db.insertInto('document_access').values({ documentId: 'd-late', kind: 'account', value: 'ACME', expiresAt: '2000-01-01T00:00:00.000Z', grantedBy: null, createdAt: '2026-01-01T00:00:00.000Z' }).execute();
    searchIndexChanged();
    const expired = await search(users.customer, 'flange');
    expect({ ids: ids(expired), total: expired.total, products: expired.facets.product }).toEqual({ ids: [], total: 0, products: [] });

    await handle.db.updateTable('document_access').set({ expiresAt: '2999-01-01T00:00:00.000Z' }).where('documentId', '=', 'd-late').execute();
    searchIndexChanged();
    expect(ids(await search(users.customer, 'flange'))).toEqual(['d-late']);
    expect(ids(await search(users.otherCustomer, 'flange'))).toEqual([]);

    await handle.db.updateTable('documents').set({ status: 'unpublished' }).where('id', '=', 'd-late').execute();
    searchIndexChanged();
    expect((await search(users.admin, 'flange')).total).toBe(0);
  });
});

describe('both engines agree on the shared set', async () => {
  const dialects = await testDialects();
  it.runIf(dialects.length === 2)('gives the same ids in the same order', async () => {
    const handles = await Promise.all(dialects.map((dialect) => createTestDatabase(dialect)));
    try {
      for (const handle of handles) await seedSearchSet(handle);
      const variants: Array<Partial<SearchCriteria>> = [
        {}, { sort: 'newest' }, { sort: 'title' }, { limit: 2, offset: 1 }, { product: ['G20'] }, { type: ['manual'], language: ['en'] },
      ];
      // Plain words and prefixes, and the forgiving cases: plurals, other inflections, accents, typos of one and two letters.
      for (const q of ['gripp', 'gripper', 'torque', 'gr', 'notes', 'greifer', 'the', 'safety gripper', 'torque gripper', '', 'grippers', 'Greifern', 'wärtung', 'griper', 'greese', 'controler', 'torque gripers']) {
        for (const [user, options] of [users.customer, users.partner, users.admin].flatMap((user) => variants.map((options) => [user, options] as const))) {
          const results = await Promise.all(
            handles.map((handle) =>
              searchDocuments(handle.db, {
                terms: parseSearchTerms(q), type: [], product: [], language: [], sort: 'relevance', limit: 24, offset: 0, user, ...options,
              }),
            ),
          );
          const [sqlite, postgres] = results.map((result) => ({
            ids: result.rows.map((row) => row.id), snippets: result.rows.map((row) => row.snippet), total: result.total, facets: result.facets, didYouMean: result.didYouMean,
          }));
          const sortFacets = (facets: typeof sqlite.facets) =>
            Object.fromEntries(Object.entries(facets).map(([name, values]) => [name, [...values].sort((a, b) => a.value.localeCompare(b.value))]));
          const { facets: postgresFacets, ...postgresPage } = postgres;
          const { facets: sqliteFacets, ...sqlitePage } = sqlite;
          expect({ q, user: user.sub, options, ...postgresPage }).toEqual({ q, user: user.sub, options, ...sqlitePage });
          expect(sortFacets(postgresFacets)).toEqual(sortFacets(sqliteFacets));
        }
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.destroy()));
    }
  }, 240_000);
});
