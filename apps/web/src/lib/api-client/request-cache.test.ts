import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestCache, requestCacheKey, requestCacheMax, requestCacheTtlMs } from './request-cache';

describe('requestCacheKey', () => {
  it('is the URL plus the query parameters sorted by name', () => {
    expect(requestCacheKey('/api/Content/thumbnail', { documentId: 'd1', applicationId: 'a' })).toBe(
      '/api/Content/thumbnail?applicationId=a&documentId=d1',
    );
    expect(requestCacheKey('/x', { b: 2, a: 1 })).toBe(requestCacheKey('/x', { a: 1, b: 2 }));
  });

  it('differs when a value differs and leaves out empty parameters', () => {
    expect(requestCacheKey('/x', { a: 1 })).not.toBe(requestCacheKey('/x', { a: 2 }));
    expect(requestCacheKey('/x', { a: 1, b: undefined, c: null })).toBe('/x?a=1');
    expect(requestCacheKey('/x')).toBe('/x');
    expect(requestCacheKey('/x', { tag: ['b', 'a'] })).toBe('/x?tag=b&tag=a');
  });
});

describe('createRequestCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps entries 5 minutes', () => {
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    const cache = createRequestCache();
    cache.set('k', { value: 'v' });
    vi.advanceTimersByTime(requestCacheTtlMs - 1);
    expect(cache.get('k')).toEqual({ value: 'v' });
    vi.advanceTimersByTime(2);
    expect(cache.get('k')).toBeUndefined();
    expect(requestCacheTtlMs).toBe(300_000);
  });

  it('holds at most 100 entries and evicts the least recently used', () => {
    const cache = createRequestCache();
    for (let i = 0; i < requestCacheMax; i++) cache.set(`k${i}`, { value: i });
    cache.get('k0');
    cache.set('k100', { value: 100 });
    expect(cache.size).toBe(100);
    expect(cache.has('k0')).toBe(true);
    expect(cache.has('k1')).toBe(false);
    expect(requestCacheMax).toBe(100);
  });
});
