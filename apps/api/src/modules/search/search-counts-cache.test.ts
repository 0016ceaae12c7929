import { describe, expect, it } from 'vitest';
import { users } from '../../test/document-fixtures.ts';
import { audienceKey, countsKey, SearchCountsCache } from './search-counts-cache.ts';

const criteria = { terms: ['gripper', 'arm'], type: ['manual', 'datasheet'], product: [], language: ['en'] };

describe('search counts cache', () => {
  it('shares counts between users who see the same documents, and only them', () => {
    expect(audienceKey(users.employee, false)).toBe('staff');
    expect(audienceKey(users.admin, true)).toBe('staff');
    expect(audienceKey(users.customer, false)).toBe(audienceKey({ ...users.customer, sub: 'another', email: 'x@acme.example' }, false));
    expect(audienceKey(users.customer, false)).not.toBe(audienceKey(users.otherCustomer, false));
    expect(audienceKey(users.customer, true)).not.toBe(audienceKey({ ...users.customer, email: 'x@acme.example' }, true));
    expect(audienceKey(users.customer, true)).not.toBe(audienceKey(users.customer, false));
  });

  it('keys on the words and filters in any order, the audience and the index generation', () => {
    const key = countsKey(criteria, 'a', 1);
    expect(countsKey({ ...criteria, terms: ['arm', 'gripper'], type: ['datasheet', 'manual'] }, 'a', 1)).toBe(key);
    expect(countsKey(criteria, 'b', 1)).not.toBe(key);
    expect(countsKey(criteria, 'a', 2)).not.toBe(key);
    expect(countsKey({ ...criteria, language: [] }, 'a', 1)).not.toBe(key);
  });

  it('computes once per key until the entry expires', async () => {
    const cache = new SearchCountsCache(50);
    let computed = 0;
    const compute = async () => ({ total: ++computed, facets: { type: [], product: [], language: [] } });
    expect((await cache.get('k', compute)).total).toBe(1);
    expect((await cache.get('k', compute)).total).toBe(1);
    expect((await cache.get('other', compute)).total).toBe(2);
    await new Promise((wait) => setTimeout(wait, 80));
    expect((await cache.get('k', compute)).total).toBe(3);
  });
});
