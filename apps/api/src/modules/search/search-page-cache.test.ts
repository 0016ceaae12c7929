import { describe, expect, it } from 'vitest';
import { users } from '../../test/document-fixtures.ts';
import { audienceKey, pageKey, SearchPageCache, type UnsignedSearchPage } from './search-page-cache.ts';

const criteria = { terms: ['gripper', 'arm'], type: ['manual', 'datasheet'], product: [], language: ['en'], sort: 'relevance' as const, limit: 24, offset: 0 };
const page = (total: number): UnsignedSearchPage => ({ items: [], total, page: 1, pageSize: 24, facets: { type: [], product: [], language: [] } });

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
});
