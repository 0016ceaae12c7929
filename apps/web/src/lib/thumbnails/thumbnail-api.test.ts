import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../api-client/client';
import { setConfig } from '../config';
import { testConfig } from '../../test/render';
import { loadThumbnail } from './thumbnail-api';
import { createThumbnailCache } from './thumbnail-cache';

describe('loadThumbnail', () => {
  const fetch = vi.fn(async (input: string) => Response.json({ data: `/files/${new URL(input).searchParams.get('documentId')}.png` }));

  beforeEach(() => {
    setConfig(testConfig);
    fetch.mockClear();
    apiClient.configure({ baseUrl: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
  });
  afterEach(() => apiClient.configure({ fetch: (...args) => globalThis.fetch(...args) }));

  it('asks GET /api/Content/thumbnail once, then answers from the cache', async () => {
    const cache = createThumbnailCache();
    expect(await loadThumbnail('doc-1', { cache })).toBe('http://api.test/files/doc-1.png');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/api/Content/thumbnail?documentId=doc-1');
    expect(await loadThumbnail('doc-1', { cache })).toBe('http://api.test/files/doc-1.png');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('makes no call for a caller that went away before its turn', async () => {
    const cache = createThumbnailCache();
    const controller = new AbortController();
    controller.abort();
    await expect(loadThumbnail('doc-2', { cache, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch).not.toHaveBeenCalled();
    expect(cache.has('doc-2')).toBe(false);
  });
});
