import { LRUCache } from 'lru-cache';
import type { SearchItem, SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import { viewerKey } from '../../platform/access/index.ts';
import type { SearchCriteria } from './search-criteria.repository.ts';

/** A search answer before its thumbnail URLs are signed (they name the user, the rest is shared by an audience). */
export type UnsignedSearchItem = Omit<SearchItem, 'thumbnailUrl'> & { thumbnailKey: string | null };
export type UnsignedSearchPage = Omit<SearchResponse, 'items'> & { items: UnsignedSearchItem[] };

/** Rough bytes an answer holds in memory (UTF-16 text plus the objects around it). */
function pageSize(page: UnsignedSearchPage): number {
  let bytes = 2048;
  for (const item of page.items) bytes += 400 + 2 * (item.title.length + item.snippet.length + item.fileName.length);
  return bytes;
}

/**
 * Whole answers of recent searches, unsigned. Users search the same words, filters and pages over
 * and over (the first page of a listing above all); answering those from memory takes the full
 * text lookup, the counting and the snippets off the event loop. Keys carry the audience (who
 * sees alike), the criteria, the page and the content version (this process's changes, other
 * processes' ones heard on the cache bus with REDIS_URL or in the database's notices on PostgreSQL,
 * and on SQLite commits of any other connection), so a change shows at once; an entry lives
 * `ttlMs`, the most an access rule's expiry takes to show.
 * Concurrent misses of one key compute once.
 */
export class SearchPageCache {
  private readonly entries: LRUCache<string, UnsignedSearchPage>;
  private readonly pending = new Map<string, Promise<UnsignedSearchPage>>();

  constructor(ttlMs = 30_000, maxBytes = 16 * 1024 * 1024) {
    this.entries = new LRUCache({ ttl: ttlMs, maxSize: maxBytes, sizeCalculation: pageSize });
  }

  get(key: string, compute: () => Promise<UnsignedSearchPage>): Promise<UnsignedSearchPage> {
    const cached = this.entries.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = compute()
        .then((page) => {
          this.entries.set(key, page);
          return page;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }
}

/** The key of one page of answers: filters in any order are the same search; words keep their order (it shapes the snippets). */
export function pageKey(criteria: Omit<SearchCriteria, 'user'>, audience: string, contentVersion: string): string {
  const sorted = (values: string[]) => [...values].sort();
  return JSON.stringify([
    contentVersion, audience, criteria.terms, sorted(criteria.type), sorted(criteria.product), sorted(criteria.language),
    criteria.sort, criteria.limit, criteria.offset,
  ]);
}

/**
 * Who sees alike: staff all see the same; others by roles and account, and by e-mail only when
 * some document names them (otherwise their e-mail changes nothing).
 */
export function audienceKey(user: AuthUser, hasUserGrants: boolean): string {
  return viewerKey(hasUserGrants ? user : { ...user, email: '' });
}
