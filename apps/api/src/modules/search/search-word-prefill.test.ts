import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrations/index.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { prefillFrequentWords } from './search-word-prefill.ts';

describe('prefilling the search word cache', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
    await insertReferenceData(handle.db);
    for (let i = 0; i < 60; i++) {
      // "gripper" is in every document, "torque" in every other, "s<i>" in one (under 2 %: never cached).
      await insertDocument(handle.db, { id: `d${i}`, title: `Doc ${i}`, versions: [{ resourceVersion: 'A', text: `gripper ${i % 2 === 0 ? 'torque' : ''} s${i}` }] });
    }
  });
  afterAll(() => handle.db.destroy());

  it('looks up every word in at least 2 % of the documents, and no rarer one', async () => {
    // gripper, torque and "doc" (every title); each s<i> and title number is in one document.
    expect(await prefillFrequentWords(handle.db, () => true)).toBe(3);
  });

  it('looks up only the words its worker owns', async () => {
    expect(await prefillFrequentWords(handle.db, () => true, (word) => word === 'torque')).toBe(1);
  });

  it('stops as soon as the catalog it fills is replaced', async () => {
    expect(await prefillFrequentWords(handle.db, () => false)).toBe(0);
  });
});
