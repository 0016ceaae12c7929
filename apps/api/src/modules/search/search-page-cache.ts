import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { SearchItem, SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import { viewerKey } from '../../platform/access/index.ts';
import { toSearchAnswerText, type SearchAnswerText } from './search-answer-text.ts';
import type { SearchCriteria } from './search-criteria.repository.ts';

/** A search answer before its thumbnail URLs are signed (they name the user, the rest is shared by an audience). */
export type UnsignedSearchItem = Omit<SearchItem, 'thumbnailUrl'> & { thumbnailKey: string | null };
export type UnsignedSearchPage = Omit<SearchResponse, 'items'> & {
  items: UnsignedSearchItem[];
  /** ISO time at which an access grant the answer relied on expires ('9999' when none will): it may be shown until then. */
  validUntil: string;
};

/**
 * An answer as kept: its text and what is known of it, deflated. A page of 24 results is about 14 KB of JSON, 4 KB
 * deflated (level 1: a quarter of a millisecond to pack, a tenth to unpack), so the same memory holds five times the
 * answers. The header (a line of JSON) holds the lengths of the text's pieces, which follow it as they are.
 */
function pack(answer: SearchAnswerText): Uint8Array {
  const { pieces, ...known } = answer;
  const header = JSON.stringify({ ...known, lengths: pieces.map((piece) => piece.length) });
  // zlib hands back a view of a larger output chunk: a copy keeps only the bytes.
  return new Uint8Array(deflateRawSync(`${header}\n${pieces.join('')}`, { level: 1 }));
}

function unpack(packed: Uint8Array): SearchAnswerText {
  const content = inflateRawSync(packed).toString('utf8');
  const headerEnd = content.indexOf('\n');
  const { lengths, ...known } = JSON.parse(content.slice(0, headerEnd)) as Omit<SearchAnswerText, 'pieces'> & { lengths: number[] };
  let start = headerEnd + 1;
  const pieces = lengths.map((length) => content.slice(start, (start += length)));
  return { ...known, pieces };
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
  private readonly pending = new Map<string, Promise<SearchAnswerText>>();

  private readonly onLookup: (hit: boolean) => void;

  /** `onLookup` hears of every lookup, answered from memory or not (the metrics' hit ratio). */
  constructor(maxAgeMs = 2 * 60_000, maxBytes = 16 * 1024 * 1024, onLookup: (hit: boolean) => void = () => undefined) {
    this.entries = maxBytes > 0 ? new LRUCache({ ttl: maxAgeMs, maxSize: maxBytes, sizeCalculation: entrySize }) : null;
    this.onLookup = onLookup;
  }

  /** The answer of `key`: kept, or computed (as text, see search-answer-text.ts) and kept. */
  get(key: string, compute: () => Promise<UnsignedSearchPage>): Promise<SearchAnswerText> {
    if (!this.entries) return compute().then(toSearchAnswerText);
    const packed = this.entries.get(key);
    this.onLookup(packed !== undefined);
    if (packed) return Promise.resolve(unpack(packed));
    let pending = this.pending.get(key);
    if (!pending) {
      pending = compute()
        .then((page) => {
          const answer = toSearchAnswerText(page);
          this.keep(key, answer);
          return answer;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private keep(key: string, answer: SearchAnswerText): void {
    if (!this.entries) return;
    const ttl = Math.min(this.entries.ttl, Date.parse(answer.validUntil) - Date.now());
    // An answer whose grants expire now (or an unreadable time) is not kept at all.
    if (!(ttl >= 1)) return;
    this.entries.set(key, pack(answer), { ttl });
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
