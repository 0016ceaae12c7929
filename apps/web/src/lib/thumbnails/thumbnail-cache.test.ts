import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThumbnailCache, rememberThumbnail, thumbnailCache, thumbnailCacheMax } from './thumbnail-cache';

describe('thumbnail cache', () => {
  afterEach(() => vi.useRealTimers());

  it('holds at most 10000 entries, dropping the least recently used', () => {
    expect(thumbnailCacheMax).toBe(10_000);
    expect(thumbnailCache.max).toBe(10_000);
    const cache = createThumbnailCache();
    for (let index = 0; index < 10_000; index += 1) cache.set(`doc-${index}`, `/files/${index}`);
    expect(cache.size).toBe(10_000);
    cache.get('doc-0'); // used again: doc-1 is now the oldest
    cache.set('doc-10000', '/files/10000');
    cache.set('doc-10001', '/files/10001');
    expect(cache.size).toBe(10_000);
    expect(cache.has('doc-0')).toBe(true);
    expect(cache.has('doc-1')).toBe(false);
    expect(cache.has('doc-2')).toBe(false);
    expect(cache.get('doc-10001')).toBe('/files/10001');
  });

  it('forgets URLs before the server’s signature expires', () => {
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    const cache = createThumbnailCache();
    cache.set('doc', '/files/a');
    vi.advanceTimersByTime(4 * 60 * 1000 - 1);
    expect(cache.get('doc')).toBe('/files/a');
    vi.advanceTimersByTime(2);
    expect(cache.get('doc')).toBeUndefined();
  });

  it('keeps the first live URL of a document so the browser reuses its image', () => {
    const cache = createThumbnailCache();
    expect(rememberThumbnail('doc', '/files/first', cache)).toBe('/files/first');
    expect(rememberThumbnail('doc', '/files/second', cache)).toBe('/files/first');
    expect(cache.get('doc')).toBe('/files/first');
  });
});
