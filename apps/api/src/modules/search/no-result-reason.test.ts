import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { attachNoResultReasons, detachNoResultReasons, noResultReasonCache, noResultReasons, type NoResultSearch } from './no-result-reason.ts';

const noFacets = { type: [], product: [], language: [] };

describe.each(await testDialects())('the no-result reasons of a database on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await insertReferenceData(database.db);
    await insertDocument(database.db, { id: 'jaws', title: 'Greifer Backenwechsel', languageCode: 'de', versions: [{ resourceVersion: 'A', text: 'Backenwechsel am Greifer.' }] });
  }, 60_000);
  afterAll(() => database.destroy());

  it('looks into a query once while its answer is kept: same words, same facets in any order', async () => {
    const asked: Array<{ search: NoResultSearch; contentVersion: string }> = [];
    let failNext = false;
    attachNoResultReasons(database.db, async (search, contentVersion) => {
      asked.push({ search, contentVersion });
      if (failNext) {
        failNext = false;
        throw new Error('worker gone');
      }
      return { reason: 'nothingExists', hiddenMatches: 0 };
    });
    try {
      const reasons = noResultReasons(database.db);
      const flood = await Promise.all(Array.from({ length: 20 }, (_, i) => reasons({ text: i % 2 ? 'Xylophone ' : 'xylophone', type: ['manual', 'datasheet'], product: [], language: [] })));
      expect(new Set(flood.map((answer) => answer.reason))).toEqual(new Set(['nothingExists']));
      await reasons({ text: 'XYLOPHONE', type: ['datasheet', 'manual'], product: [], language: [] });
      expect(asked).toHaveLength(1);
      expect(asked[0].contentVersion).toMatch(/^\d+:\d+$/);
      // Other facets are another query.
      await reasons({ text: 'xylophone', ...noFacets });
      expect(asked).toHaveLength(2);
      // A failed answer is not kept.
      failNext = true;
      await expect(reasons({ text: 'marimba', ...noFacets })).rejects.toThrow('worker gone');
      await expect(reasons({ text: 'marimba', ...noFacets })).resolves.toEqual({ reason: 'nothingExists', hiddenMatches: 0 });
      expect(asked).toHaveLength(4);
    } finally {
      detachNoResultReasons(database.db);
    }
  });

  it('keeps a bounded number of answers, the least recently asked leaving first', async () => {
    let asked = 0;
    attachNoResultReasons(database.db, async () => {
      asked += 1;
      return { reason: 'nothingExists', hiddenMatches: 0 };
    });
    try {
      const reasons = noResultReasons(database.db);
      const query = (i: number) => reasons({ text: `word${i}`, ...noFacets });
      for (let i = 0; i <= noResultReasonCache.max; i++) await query(i);
      expect(asked).toBe(noResultReasonCache.max + 1);
      await query(noResultReasonCache.max);
      expect(asked).toBe(noResultReasonCache.max + 1);
      await query(0);
      expect(asked).toBe(noResultReasonCache.max + 2);
    } finally {
      detachNoResultReasons(database.db);
    }
  });

  it('looks on its own connection in a process without the search routes', async () => {
    const answer = noResultReasons(database.db);
    expect(await answer({ text: 'backenwechsel', ...noFacets, language: ['fr'] })).toEqual({ reason: 'otherLanguage', hiddenMatches: 0 });
    expect(await answer({ text: 'backenwechsel', ...noFacets })).toEqual({ reason: 'hiddenByAccess', hiddenMatches: 1 });
    expect(await answer({ text: 'xylophone', ...noFacets })).toEqual({ reason: 'nothingExists', hiddenMatches: 0 });
  });
});
