import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { SearchItem, SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import { viewerKey } from '../../platform/access/index.ts';
import type { SearchCriteria } from './search-criteria.repository.ts';

/** A search answer before its thumbnail URLs are signed (they name the user, the rest is shared by an audience). */
export type UnsignedSearchItem = Omit<SearchItem, 'thumbnailUrl'> & { thumbnailKey: string | null };
export type UnsignedSearchPage = Omit<SearchResponse, 'items'> & {
  items: UnsignedSearchItem[];
  /** ISO time at which an access grant the answer relied on expires ('9999' when none will): it may be shown until then. */
  validUntil: string;
};

/**
 * An answer as kept: its JSON, deflated. A page of 24 results is about 14 KB of JSON and 22 KB of
 * heap as objects, 4 KB deflated (level 1: a quarter of a millisecond to pack, a tenth to unpack
 * and parse), so the same memory holds five times the answers.
 */
function pack(page: UnsignedSearchPage): Uint8Array {
  // zlib hands back a view of a larger output chunk: a copy keeps only the bytes.
  return new Uint8Array(deflateRawSync(JSON.stringify(page), { level: 1 }));
}

function unpack(packed: Uint8Array): UnsignedSearchPage {
  return JSON.parse(inflateRawSync(packed).toString('utf8')) as UnsignedSearchPage;
}

/** Bytes an entry holds: the packed answer, its key (UTF-16) and the cache's bookkeeping. */
function entrySize(packed: Uint8Array, key: string): number {
  return packed.length + 2 * key.length + 200;
}

/**
 * Whole answers of recent searches, unsigned. Users search the same words, filters and pages over
 * and over (the first page of a listing above all); answering those from memory takes the full
 * text lookup, the counting and the snippets off the search worker. Keys carry the audience (who
 * sees alike), the criteria, the page and the content version (this process's changes, other
 * processes' ones heard on the cache bus with REDIS_URL or in the database's notices on PostgreSQL,
 * and on SQLite commits of any other connection), so a change shows at once; an answer is kept
 * until the first access grant it relied on expires (its validUntil), and at most `maxAgeMs`: what
 * the content version does not follow (a renamed product or type in the facets, a cache-bus message
 * lost between processes) shows within that. Concurrent misses of one key compute once.
 */
export class SearchPageCache {
  /** Null when no memory is given: every search is answered afresh (SEARCH_PAGE_CACHE_MB=0). */
  private readonly entries: LRUCache<string, Uint8Array> | null;
  private readonly pending = new Map<string, Promise<UnsignedSearchPage>>();

  private readonly onLookup: (hit: boolean) => void;

  /** `onLookup` hears of every lookup, answered from memory or not (the metrics' hit ratio). */
  constructor(maxAgeMs = 2 * 60_000, maxBytes = 16 * 1024 * 1024, onLookup: (hit: boolean) => void = () => undefined) {
    this.entries = maxBytes > 0 ? new LRUCache({ ttl: maxAgeMs, maxSize: maxBytes, sizeCalculation: entrySize }) : null;
    this.onLookup = onLookup;
  }

  get(key: string, compute: () => Promise<UnsignedSearchPage>): Promise<UnsignedSearchPage> {
    if (!this.entries) return compute();
    const packed = this.entries.get(key);
    this.onLookup(packed !== undefined);
    if (packed) return Promise.resolve(unpack(packed));
    let pending = this.pending.get(key);
    if (!pending) {
      pending = compute()
        .then((page) => {
          this.keep(key, page);
          return page;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private keep(key: string, page: UnsignedSearchPage): void {
    if (!this.entries) return;
    const ttl = Math.min(this.entries.ttl, Date.parse(page.validUntil) - Date.now());
    // An answer whose grants expire now (or an unreadable time) is not kept at all.
    if (!(ttl >= 1)) return;
    this.entries.set(key, pack(page), { ttl });
  }
}

/** The key of one page of answers: filters in any order are the same search; words keep their order (it shapes the snippets). */
export function pageKey(criteria: Omit<SearchCriteria, 'user'>, audience: string, contentVersion: string): string {
  const sorted = (values: string[]) => [...values].sort();
  return JSON.stringify([
    contentVersion, audience, criteria.terms, sorted(criteria.type), sorted(criteria.product), sorted(criteria.language),
    criteria.sort, criteria.limit, criteria.offset, criteria.readerLanguages ?? [], criteria.exact === true,
  ]);
}

/**
 * Who sees alike: staff all see the same; others by roles and account, and by e-mail only when
 * some document names them (otherwise their e-mail changes nothing).
 */
export function audienceKey(user: AuthUser, hasUserGrants: boolean): string {
  return viewerKey(hasUserGrants ? user : { ...user, email: '' });
}
