import { describe, expect, it } from 'vitest';
import { searchResponseSchema } from '@portal/contracts/documents';
import { joinSearchAnswerText, toSearchAnswerText } from './search-answer-text.ts';
import type { UnsignedSearchItem, UnsignedSearchPage } from './search-page-cache.ts';

function item(index: number, thumbnailKey: string | null, title = `Manual ${index}`): UnsignedSearchItem {
  return {
    id: `doc-${index}`, serviceRef: `S${index}`, title, fileName: `${title}.pdf`, typeCode: 'manual', languageCode: 'en', resourceVersion: 'B',
    versionId: `v-${index}`, publishedAt: '2026-05-19T08:00:00.000Z', downloadable: true, mediaType: 'application/pdf',
    snippet: 'the \uE000gripper\uE001 arm', products: ['ARM6'], thumbnailKey, translation: null,
  };
}

// Titles that look like the text around them: quotes, the key itself, backslashes, control and separator characters.
const hostileTitles = ['"thumbnailUrl":null}', '\\"},{"id":"x', '\u0000\u0001\u2028 \uD83D\uDE00', '"'];

const page = (items: UnsignedSearchItem[]): UnsignedSearchPage & { extra?: string } => ({
  items, total: 57, page: 2, pageSize: 4, validUntil: '9999',
  facets: { type: [{ value: 'manual', label: 'Manual', count: 57 }], product: [], language: [{ value: 'en', label: 'English', count: 57 }] },
  didYouMean: 'gripper',
});

describe('search answer text', () => {
  it('joins into the response the schema lets out, each thumbnail signed in its place, whatever the titles hold', () => {
    const items = hostileTitles.map((title, index) => item(index, index % 2 === 0 ? `thumbs/${index}.png` : null, title));
    const answer = toSearchAnswerText({ ...page(items), extra: 'not in the schema' } as UnsignedSearchPage);
    expect(answer.thumbnails).toEqual([{ storageKey: 'thumbs/0.png', fileName: 'S0-B.png' }, { storageKey: 'thumbs/2.png', fileName: 'S2-B.png' }]);
    expect(answer).toMatchObject({ total: 57, itemIds: ['doc-0', 'doc-1', 'doc-2', 'doc-3'], validUntil: '9999' });
    const sent = JSON.parse(joinSearchAnswerText(answer, (slot) => `/files/${slot.storageKey}?"signed"`));
    const { validUntil: _kept, ...response } = page(items);
    expect(sent).toEqual(
      searchResponseSchema.parse({
        ...response,
        items: items.map(({ thumbnailKey, ...rest }) => ({ ...rest, thumbnailUrl: thumbnailKey ? `/files/${thumbnailKey}?"signed"` : null })),
      }),
    );
    expect(sent).not.toHaveProperty('extra');
    expect(sent.items[0]).not.toHaveProperty('thumbnailKey');
  });

  it('sends an empty page and a page without thumbnails as one piece', () => {
    for (const items of [[], [item(1, null), item(2, null)]]) {
      const answer = toSearchAnswerText(page(items));
      expect(answer.pieces).toHaveLength(1);
      expect(JSON.parse(joinSearchAnswerText(answer, () => 'never'))).toMatchObject({ total: 57, items: items.map((one) => ({ id: one.id, thumbnailUrl: null })) });
    }
  });

  it('refuses a page the response schema does not allow', () => {
    expect(() => toSearchAnswerText({ ...page([]), total: 'many' } as unknown as UnsignedSearchPage)).toThrow();
  });
});
