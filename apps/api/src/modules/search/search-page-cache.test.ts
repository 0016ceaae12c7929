import { describe, expect, it } from 'vitest';
import { users } from '../../test/document-fixtures.ts';
import { toSearchAnswerText } from './search-answer-text.ts';
import { audienceKey, pageKey, SearchPageCache, type UnsignedSearchPage } from './search-page-cache.ts';

const criteria = { terms: ['gripper', 'arm'], type: ['manual', 'datasheet'], product: [], language: ['en'], sort: 'relevance' as const, limit: 24, offset: 0 };
const page = (total: number, validUntil = '9999'): UnsignedSearchPage => ({ items: [], total, page: 1, pageSize: 24, facets: { type: [], product: [], language: [] }, validUntil });

/** A page of 24 results like the 100,000-document bench's: about 14 KB of JSON. */
function fullPage(total: number): UnsignedSearchPage {
  const items = Array.from({ length: 24 }, (_, i) => ({
    id: `bench-${total * 100 + i}`, serviceRef: `B00${total * 100 + i}`, title: `Tool changer TC-50 drawing ${total} ${i}`, fileName: `drawing-${i}-A.pdf`,
    typeCode: 'drawing', languageCode: 'en', resourceVersion: 'A', versionId: `bench-${i}-A`, publishedAt: '2025-04-28T16:13:20.000Z',
    downloadable: true, mediaType: 'application/pdf', products: ['ARM6', 'TC50'], thumbnailKey: null,
    snippet: `…the gripper ${i} of the arm is calibrated before each use; see the torque table of the flange and the stop of the axis ${total}, then the connector of the tool changer, its marking and the upgrade of the controller…`.repeat(2),
  }));
  return { ...page(total), items };
}

describe('search page cache', () => {
  it('shares answers between users who see the same documents, and only them', () => {
    expect(audienceKey(users.employee, false)).toBe('staff');
    expect(audienceKey(users.admin, true)).toBe('staff');
    expect(audienceKey(users.customer, false)).toBe(audienceKey({ ...users.customer, sub: 'another', email: 'x@acme.example' }, false));
    expect(audienceKey(users.customer, false)).not.toBe(audienceKey(users.otherCustomer, false));
    expect(audienceKey(users.customer, true)).not.toBe(audienceKey({ ...users.customer, email: 'x@acme.example' }, true));
    expect(audienceKey(users.customer, true)).not.toBe(audienceKey(users.customer, false));
  });

  it('keys on the audience, the content version, the words in order, the filters in any order and the page', () => {
    const key = pageKey(criteria, 'a', '1:1');
    expect(pageKey({ ...criteria, type: ['datasheet', 'manual'] }, 'a', '1:1')).toBe(key);
    for (const other of [
      pageKey(criteria, 'b', '1:1'), pageKey(criteria, 'a', '2:1'), pageKey(criteria, 'a', '1:2'),
      pageKey({ ...criteria, terms: ['arm', 'gripper'] }, 'a', '1:1'), pageKey({ ...criteria, offset: 24 }, 'a', '1:1'),
      pageKey({ ...criteria, limit: 48 }, 'a', '1:1'), pageKey({ ...criteria, sort: 'newest' }, 'a', '1:1'), pageKey({ ...criteria, language: [] }, 'a', '1:1'),
    ]) expect(other).not.toBe(key);
  });

  it('computes a key once, for concurrent requests too, until it expires; a failure is not kept', async () => {
    const cache = new SearchPageCache(50);
    let computed = 0;
    const compute = async () => page(++computed);
    const [first, second] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([first.total, second.total, (await cache.get('k', compute)).total]).toEqual([1, 1, 1]);
    await expect(cache.get('broken', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await cache.get('broken', compute)).total).toBe(2);
    await new Promise((wait) => setTimeout(wait, 80));
    expect((await cache.get('k', compute)).total).toBe(3);
  });

  it('keeps nothing without memory (SEARCH_PAGE_CACHE_MB=0): every search is computed', async () => {
    const cache = new SearchPageCache(60_000, 0);
    let computed = 0;
    const compute = async () => page(++computed);
    expect([(await cache.get('k', compute)).total, (await cache.get('k', compute)).total]).toEqual([1, 2]);
  });

  it('keeps an answer only until the first access grant it relied on expires', async () => {
    const cache = new SearchPageCache();
    let computed = 0;
    const expiring = async () => page(++computed, new Date(Date.now() + 60).toISOString());
    expect((await cache.get('k', expiring)).total).toBe(1);
    expect((await cache.get('k', expiring)).total).toBe(1);
    await new Promise((wait) => setTimeout(wait, 80));
    expect((await cache.get('k', expiring)).total).toBe(2);
    const expired = async () => page(++computed, new Date(Date.now() - 1000).toISOString());
    expect((await cache.get('gone', expired)).total).toBe(3);
    expect((await cache.get('gone', expired)).total).toBe(4);
  });

  it('holds answers packed: five full pages fit in 40 KB, each read back whole', async () => {
    const cache = new SearchPageCache(60_000, 40_000);
    let computed = 0;
    const keys = ['a', 'b', 'c', 'd', 'e'];
    for (const key of keys) await cache.get(key, async () => fullPage(++computed));
    expect(JSON.stringify(fullPage(1)).length).toBeGreaterThan(12_000);
    for (const [index, key] of keys.entries()) {
      expect(await cache.get(key, async () => fullPage(++computed))).toEqual(toSearchAnswerText(fullPage(index + 1)));
    }
    expect(computed).toBe(5);
  });
});
