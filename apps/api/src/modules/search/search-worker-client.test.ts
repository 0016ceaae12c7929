import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrations/index.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { noResultReason } from './no-result-reason.ts';
import type { SearchCriteria } from './search-criteria.repository.ts';
import { reindexDocument } from './search-index.repository.ts';
import { SearchWorkerClient, workerOf } from './search-worker-client.ts';
import { searchPage } from './search.service.ts';

describe('searches in a worker thread on a SQLite file', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let client: SearchWorkerClient;
  const criteria = (terms: string[]): SearchCriteria => ({ terms, type: [], product: [], language: [], sort: 'relevance', limit: 24, offset: 0, user: users.customer });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'search-worker-'));
    handle = openDatabase({ sqliteFile: join(dir, 'portal.sqlite') });
    await migrateToLatest(handle.db);
    await insertReferenceData(handle.db);
    await insertDocument(handle.db, { id: 'manual', title: 'Gripper manual', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Mount the gripper.' }] });
    await insertDocument(handle.db, { id: 'secret', title: 'Gripper roadmap', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], versions: [{ resourceVersion: 'A', text: 'Secret gripper plans.' }] });
    client = new SearchWorkerClient(join(dir, 'portal.sqlite'));
  });
  afterAll(async () => {
    await client.close();
    await handle.db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers what the server itself would, access filter included', async () => {
    const inWorker = await client.search({ criteria: criteria(['gripper']), contentVersion: '0:1' });
    const here = await searchPage(handle.db, criteria(['gripper']));
    expect(inWorker).toEqual(here);
    expect(inWorker.items.map((item) => item.id)).toEqual(['manual']);
    expect(inWorker.items[0].snippet).toContain('\uE000gripper\uE001');
  });

  it("rebuilds its catalog when the server's content version changes, not on the server's every write", async () => {
    const search = (contentVersion: string) => client.search({ criteria: criteria(['gripper']), contentVersion });
    expect((await search('0:1')).total).toBe(1);
    await handle.db.updateTable('documents').set({ status: 'unpublished' }).where('id', '=', 'manual').execute();
    await reindexDocument(handle.db, 'manual');
    // Same version: the catalog still counts the document, but the page's rows are read afresh, so it is not shown.
    expect(await search('0:1')).toMatchObject({ total: 1, items: [] });
    expect(await search('1:1')).toMatchObject({ total: 0, items: [] });
  });

  it('shares searches out between two workers by their first word, each answering what the server would', async () => {
    const pair = new SearchWorkerClient(join(dir, 'portal.sqlite'), 2);
    try {
      const words = ['gripper', 'mount', 'secret', 'plans', 'manual', 'roadmap'];
      // The words fall to both workers, and always to the same one.
      expect(new Set(words.map((word) => workerOf([word], 2)))).toEqual(new Set([0, 1]));
      expect(workerOf(['gripper', 'mount'], 2)).toBe(workerOf(['gripper'], 2));
      await pair.warm('0:1');
      for (const word of words) {
        const here = await searchPage(handle.db, criteria([word]));
        expect(await pair.search({ criteria: criteria([word]), contentVersion: '0:1' }), word).toEqual(here);
      }
    } finally {
      await pair.close();
    }
  });

  it('looks into why a search found nothing as the server itself would', async () => {
    await insertDocument(handle.db, { id: 'jaws', title: 'Greifer Backenwechsel', languageCode: 'de', versions: [{ resourceVersion: 'A', text: 'Backenwechsel am Greifer.' }] });
    const searches = [
      { text: 'xylophone', type: [], product: [], language: [] },
      { text: 'gripper plans', type: [], product: [], language: [] },
      { text: 'backenwechsel', type: [], product: [], language: ['fr'] },
    ];
    const inWorker = [];
    for (const search of searches) inWorker.push(await client.noResultReason(search, '2:1'));
    expect(inWorker.map((answer) => answer.reason)).toEqual(['nothingExists', 'hiddenByAccess', 'otherLanguage']);
    expect(inWorker).toEqual(await Promise.all(searches.map((search) => noResultReason(handle.db, search))));
  });

  it('fails a search with the worker\'s error instead of hanging', async () => {
    const dead = new SearchWorkerClient(join(dir, 'missing', 'nested', 'x.sqlite'));
    // An empty database (the folder is created): the search fails on the missing tables.
    await expect(dead.search({ criteria: criteria(['gripper']), contentVersion: '0:1' })).rejects.toThrow(/search worker/);
    await dead.close();
  });
});
