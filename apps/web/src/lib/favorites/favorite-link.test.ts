import { describe, expect, it } from 'vitest';
import { favoritePath } from './favorite-link';

const base = { title: 'T', createdAt: '2026-01-01T00:00:00.000Z' };

describe('favoritePath', () => {
  it('links software and CAD favourites to their pages, documents to none', () => {
    expect(favoritePath({ ...base, itemKind: 'software', itemId: 'id-1', equipmentName: 'RC8 tools' })).toBe('/software/RC8%20tools');
    expect(favoritePath({ ...base, itemKind: 'cad', itemId: 'model:S600', target: 'model', code: 'S600' })).toBe(
      '/cadFiles/robotConfigurator?model=S600',
    );
    expect(favoritePath({ ...base, itemKind: 'cad', itemId: 'library:abc', target: 'library', code: 'abc' })).toBe(
      '/cadFiles/partnersLibraries#abc',
    );
    expect(favoritePath({ ...base, itemKind: 'cad', itemId: 'set:ARM6:floor,arm-900', target: 'set', code: 'ARM6:floor,arm-900' })).toBe(
      '/cadFiles/robotConfigurator?model=ARM6&options=floor%2Carm-900',
    );
    expect(favoritePath({ ...base, itemKind: 'cad', itemId: 'set:S4:', target: 'set', code: 'S4:' })).toBe('/cadFiles/robotConfigurator?model=S4');
    expect(
      favoritePath({
        ...base,
        itemKind: 'document',
        itemId: 'd1',
        document: {
          id: 'd1', serviceRef: 'D1', title: 'T', fileName: 'a.pdf', resourceVersion: 'A', downloadableDocument: true,
          typeCode: 'manual', languageCode: 'en', thumbnailUrl: null,
        },
      }),
    ).toBeNull();
  });
});
