import { LRUCache } from 'lru-cache';
import type { AuthUser } from '@portal/contracts/users';
import { viewerKey } from '../../platform/access/index.ts';
import type { SearchCounts, SearchCriteria } from './search-criteria.repository.ts';

/**
 * Totals and facet counts of recent searches. Counting is the expensive part of a broad search
 * (every matching document is read), and the same counts serve every page, sort and user of the
 * same audience. Entries die after `ttlMs` and whenever any process changes the index or an
 * audience grant (the content generation; other processes' changes arrive on the cache bus with
 * REDIS_URL, otherwise they show within `ttlMs`). The page itself is never cached.
 */
export class SearchCountsCache {
  private readonly entries: LRUCache<string, SearchCounts>;

  constructor(ttlMs = 30_000, max = 5_000) {
    this.entries = new LRUCache({ max, ttl: ttlMs });
  }

  async get(key: string, compute: () => Promise<SearchCounts>): Promise<SearchCounts> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const counts = await compute();
    this.entries.set(key, counts);
    return counts;
  }
}

/**
 * Who counts alike: staff all see the same; others by roles and account, and by e-mail only when
 * some document names them (otherwise their e-mail changes nothing).
 */
export function audienceKey(user: AuthUser, hasUserGrants: boolean): string {
  return viewerKey(hasUserGrants ? user : { ...user, email: '' });
}

export function countsKey(criteria: Pick<SearchCriteria, 'terms' | 'type' | 'product' | 'language'>, audience: string, generation: number): string {
  const sorted = (values: string[]) => [...values].sort();
  return JSON.stringify([generation, audience, sorted(criteria.terms), sorted(criteria.type), sorted(criteria.product), sorted(criteria.language)]);
}
