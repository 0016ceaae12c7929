import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test/test-databases.ts';
import { up } from './2026-11-30-60-search-intent-shown-lists.ts';

describe.each(await testDialects())('the migration to one list of shown results per intent on %s', (dialect) => {
  let handle: TestDatabase | undefined;
  afterEach(() => handle?.destroy());

  it('turns the rows of each intent into one list of document id and position, its last time kept', async () => {
    handle = await createTestDatabase(dialect, { upTo: '2026-11-30-50-search-analytics-filtered-summary' });
    const db = handle.db as unknown as Kysely<any>;
    await db
      .insertInto('search_intent_results')
      .values([
        { intentId: 'i1', documentId: 'd1', position: 1, lastAt: '2026-11-30T10:00:00.000Z' },
        { intentId: 'i1', documentId: 'd"2', position: 2, lastAt: '2026-11-30T10:00:00.000Z' },
        { intentId: 'i1', documentId: 'd25', position: 25, lastAt: '2026-11-30T10:01:00.000Z' },
        { intentId: 'i2', documentId: 'd1', position: 3, lastAt: '2026-11-30T09:00:00.000Z' },
      ])
      .execute();

    await up(db);

    const lists = await db.selectFrom('search_intent_shown').select(['intentId', 'documents', 'lastAt']).orderBy('intentId').execute();
    expect(lists.map((list) => ({ ...list, documents: JSON.parse(list.documents as string) }))).toEqual([
      { intentId: 'i1', documents: { d1: 1, 'd"2': 2, d25: 25 }, lastAt: '2026-11-30T10:01:00.000Z' },
      { intentId: 'i2', documents: { d1: 3 }, lastAt: '2026-11-30T09:00:00.000Z' },
    ]);
    expect((await db.introspection.getTables()).some((table) => table.name === 'search_intent_results')).toBe(false);
  });
});
