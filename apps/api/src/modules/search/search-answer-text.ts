import { searchResponseSchema } from '@portal/contracts/documents';
import type { UnsignedSearchPage } from './search-page-cache.ts';

/** Where a result's thumbnail goes: its stored image and the name its signed URL gives it. */
export interface ThumbnailSlot {
  storageKey: string;
  fileName: string;
}

/**
 * A page of answers as it is sent, but for the thumbnails' signed URLs (they name the user): JSON text cut where each
 * URL goes (`pieces[0] + url(0) + pieces[1] + … + pieces[n]`), checked against the response schema once, when the
 * page is computed. A page answered again (from the page cache) is then joined, not parsed, checked and serialised
 * anew: the text is most of what an answer costs the server.
 */
export interface SearchAnswerText {
  pieces: string[];
  thumbnails: ThumbnailSlot[];
  total: number;
  itemIds: string[];
  /** ISO time at which an access grant the answer relied on expires ('9999' when none will). */
  validUntil: string;
}

const itemsOpening = '{"items":[';

/** The page as the response schema lets it out (unknown fields dropped), cut at its thumbnails. */
export function toSearchAnswerText(page: UnsignedSearchPage): SearchAnswerText {
  const { validUntil, items, ...rest } = page;
  const thumbnails: ThumbnailSlot[] = [];
  const slots = items.map((item) => (item.thumbnailKey ? { storageKey: item.thumbnailKey, fileName: `${item.serviceRef}-${item.resourceVersion}.png` } : null));
  const checked = searchResponseSchema.parse({ ...rest, items: items.map(({ thumbnailKey: _key, ...item }) => ({ ...item, thumbnailUrl: null })) });
  const outline = JSON.stringify({ ...checked, items: [] });
  // The schema lists `items` first; the text is built around that, and says so loudly should it ever change.
  if (!outline.startsWith(`${itemsOpening}],`)) throw new Error('The search response no longer starts with its items');
  const pieces: string[] = [];
  let piece = itemsOpening;
  checked.items.forEach(({ thumbnailUrl: _url, ...item }, index) => {
    piece += `${index > 0 ? ',' : ''}${JSON.stringify(item).slice(0, -1)},"thumbnailUrl":`;
    const slot = slots[index];
    if (slot) {
      pieces.push(piece);
      thumbnails.push(slot);
      piece = '}';
    } else piece += 'null}';
  });
  pieces.push(`${piece}]${outline.slice(itemsOpening.length + 1)}`);
  return { pieces, thumbnails, total: checked.total, itemIds: checked.items.map((item) => item.id), validUntil };
}

/** The answer's JSON text with each thumbnail's URL signed for the reader. */
export function joinSearchAnswerText(answer: SearchAnswerText, signedUrl: (slot: ThumbnailSlot) => string): string {
  let text = answer.pieces[0]!;
  answer.thumbnails.forEach((slot, index) => {
    text += JSON.stringify(signedUrl(slot)) + answer.pieces[index + 1]!;
  });
  return text;
}
