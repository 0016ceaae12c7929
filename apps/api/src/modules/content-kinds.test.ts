import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadKinds } from '@portal/contracts/downloads';
import type { ContentKind, ContentKindDeps } from '../platform/content-kinds/content-kind.ts';
import { badRequest, forbidden } from '../platform/errors.ts';
import { createPortalEvents } from '../event-subscribers.ts';
import type { PortalEventBus } from '../platform/events/index.ts';
import { testUsers } from '../test/test-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { contentKinds } from './content-kinds.ts';
import { getDownloadHistory } from './downloads/download-history.service.ts';
import { resolveZipDownload, zipResolversOf } from './downloads/zip-download.service.ts';
import { addFavorite, listFavorites } from './favorites/favorite.service.ts';

describe('the registered content kinds', () => {
  it('serve every kind of download and favourite once', () => {
    expect(contentKinds.map((kind) => kind.kind).sort()).toEqual([...downloadKinds].sort());
  });

  it('answer downloadZip paths under distinct prefixes', () => {
    expect([...zipResolversOf(contentKinds).keys()].sort()).toEqual(['cad', 'cad-libraries', 'documents', 'software']);
  });

  it('refuse two kinds claiming the same downloadZip prefix', () => {
    const [first] = contentKinds;
    expect(() => zipResolversOf([first!, { ...first!, kind: 'software' }])).toThrow(/Two content kinds/);
  });
});

/**
 * A kind that no module of the app implements (machines, stored under the 'software' item kind the
 * schema allows): the download centre and the favourites must serve it from the list they are handed.
 */
function machineKind(calls: string[]): ContentKind {
  return {
    kind: 'software',
    zipResolvers: {
      machines: async (_deps, user, segments) => {
        calls.push(`zip ${segments.join('/')}`);
        if (segments[0] !== 'M1') throw forbidden('Not your machine.');
        return {
          fileName: 'M1.zip',
          entries: [],
          record: { itemKind: 'software', itemId: `machine:${segments[0]}:${user.sub}`, versionId: null, versionLabel: 'rev 3', fileName: 'M1.zip', fileId: null },
        };
      },
    },
    describeDownload: async (_db, _user, record) => ({
      title: `Machine ${record.itemId.split(':')[1]}`,
      itemRef: 'M1',
      isZip: true,
      newerVersionAvailable: record.versionLabel !== 'rev 4',
      newestVersionLabel: 'rev 4',
      redownload: null,
    }),
    async describeFavorites(_deps, _user, ids) {
      calls.push(`favourites ${ids.join(',')}`);
      return new Map(ids.filter((id) => id === 'M1').map((id) => [id, { itemKind: 'software', itemId: id, title: 'Machine M1', equipmentName: 'M1' }]));
    },
    async checkFavorite(_deps, _user, itemId) {
      if (itemId.includes(' ')) throw badRequest('invalidParameters', 'A machine id has no spaces.');
    },
  };
}

describe.each(await testDialects())('a content kind plugged in on %s', (dialect) => {
  let database: TestDatabase;
  const calls: string[] = [];
  const kinds = [machineKind(calls)];
  const user = testUsers.customer;
  let deps: ContentKindDeps & { events: PortalEventBus; kinds: readonly ContentKind[]; resolvers: ReturnType<typeof zipResolversOf> };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const fileUrls = { sign: () => '/files/unused', verify: () => { throw forbidden(); } };
    deps = { db: database.db, events: createPortalEvents(console), fileUrls, kinds, resolvers: zipResolversOf(kinds) };
  });
  afterAll(() => database.destroy());

  it('answers downloadZip through the kind’s resolver and records the download', async () => {
    const source = await resolveZipDownload(deps, user, 'machines/M1');
    expect(source.fileName).toBe('M1.zip');
    await expect(resolveZipDownload(deps, user, 'machines/M2')).rejects.toMatchObject({ statusCode: 403 });
    await expect(resolveZipDownload(deps, user, 'documents/X')).rejects.toMatchObject({ statusCode: 404 });
    expect(calls).toEqual(['zip M1', 'zip M2']);
    const recorded = await database.db.selectFrom('download_records').select(['itemId', 'userSub']).execute();
    expect(recorded).toEqual([{ itemId: `machine:M1:${user.sub}`, userSub: user.sub }]);
  });

  it('describes the kind’s downloads in the history, with the newer version it reports', async () => {
    const history = await getDownloadHistory(deps, user, { page: 1, pageSize: 20 });
    expect(history.items).toEqual([
      expect.objectContaining({ kind: 'software', title: 'Machine M1', isZip: true, newerVersionAvailable: true, newestVersionLabel: 'rev 4' }),
    ]);
  });

  it('describes the kind’s favourites and lets it refuse an invalid one', async () => {
    expect(await addFavorite(deps, user, { itemKind: 'software', itemId: 'M1' })).toMatchObject({ title: 'Machine M1', equipmentName: 'M1' });
    await expect(addFavorite(deps, user, { itemKind: 'software', itemId: 'M9' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(addFavorite(deps, user, { itemKind: 'software', itemId: 'M 1' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(addFavorite(deps, user, { itemKind: 'document', itemId: 'M1' })).rejects.toMatchObject({ statusCode: 404 });
    expect((await listFavorites(deps, user)).items.map((item) => item.itemId)).toEqual(['M1']);
  });
});
