import { beforeEach, describe, expect, it } from 'vitest';
import { recentlyOpenedLimit, useRecentlyOpenedStore } from './recently-opened-store';
import type { ViewerDocument } from './viewer-document';

const doc = (n: number): ViewerDocument => ({
  id: `doc-${n}`,
  title: `Manual ${n}`,
  fileName: `manual-${n}.pdf`,
  downloadableDocument: n % 2 === 0,
  serviceRef: `D${n}`,
  resourceVersion: 'A',
});

describe('recently opened store', () => {
  beforeEach(() => useRecentlyOpenedStore.setState({ entries: [] }));

  it('lists opened documents newest first with the time of opening', () => {
    const { record } = useRecentlyOpenedStore.getState();
    record(doc(1), new Date('2030-01-01T10:00:00Z'));
    record(doc(2), new Date('2030-01-01T11:00:00Z'));
    expect(useRecentlyOpenedStore.getState().entries.map((entry) => [entry.id, entry.openedAt])).toEqual([
      ['doc-2', '2030-01-01T11:00:00.000Z'],
      ['doc-1', '2030-01-01T10:00:00.000Z'],
    ]);
  });

  it('moves a document opened again to the top instead of listing it twice', () => {
    const { record } = useRecentlyOpenedStore.getState();
    [1, 2, 3, 1].forEach((n) => record(doc(n)));
    expect(useRecentlyOpenedStore.getState().entries.map((entry) => entry.id)).toEqual(['doc-1', 'doc-3', 'doc-2']);
  });

  it(`keeps at most ${recentlyOpenedLimit} documents, dropping the oldest`, () => {
    for (let n = 1; n <= recentlyOpenedLimit + 5; n += 1) useRecentlyOpenedStore.getState().record(doc(n));
    const ids = useRecentlyOpenedStore.getState().entries.map((entry) => entry.id);
    expect(ids).toHaveLength(recentlyOpenedLimit);
    expect(ids[0]).toBe(`doc-${recentlyOpenedLimit + 5}`);
    expect(ids.at(-1)).toBe('doc-6');
  });

  it('stores only the viewer fields of a richer object', () => {
    useRecentlyOpenedStore.getState().record({ ...doc(1), snippet: 'secret text', thumbnailUrl: '/files/x' } as ViewerDocument);
    expect(Object.keys(useRecentlyOpenedStore.getState().entries[0]).sort()).toEqual(
      ['downloadableDocument', 'fileName', 'id', 'openedAt', 'resourceVersion', 'serviceRef', 'title'],
    );
  });

  it('persists under portal.recentlyOpened and restores at start', async () => {
    useRecentlyOpenedStore.getState().record(doc(7), new Date('2030-02-02T00:00:00Z'));
    const stored = JSON.parse(localStorage.getItem('portal.recentlyOpened') ?? '{}');
    expect(stored.state.entries[0]).toMatchObject({ id: 'doc-7', openedAt: '2030-02-02T00:00:00.000Z' });

    useRecentlyOpenedStore.setState({ entries: [] });
    localStorage.setItem('portal.recentlyOpened', JSON.stringify(stored));
    await useRecentlyOpenedStore.persist.rehydrate();
    expect(useRecentlyOpenedStore.getState().entries.map((entry) => entry.id)).toEqual(['doc-7']);
  });
});
