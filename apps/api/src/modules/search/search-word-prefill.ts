import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { frequentIndexWords } from './search.repository.ts';
import { sqliteCatalogSearch } from './sqlite-search.repository.ts';

/*
 * The first search of a frequent word reads its whole posting list (tens of milliseconds on a
 * 100,000-document base); later searches of it use the catalog's cached matches. A search worker
 * looks the most frequent words up once after start, so that users never pay for them. Only SQLite
 * (the catalog is an SQLite engine's), and only on a worker thread: it takes CPU for a while.
 */

/** As many words as the catalog's word cache keeps at 100,000 documents, with room for the words users bring. */
const prefilledWords = 1500;

/** Staff see every document: the lookup fills the word cache, whoever searches later. */
const warmUpUser = { sub: 'search-word-prefill', email: '', name: 'search warm-up', roles: ['admin' as const], account: null };

/**
 * Looks up the most frequent words one by one, yielding to searches between two words; stops when
 * `stillCurrent` says the catalog they were cached for has been replaced.
 */
export async function prefillFrequentWords(db: Kysely<Database>, stillCurrent: () => boolean): Promise<number> {
  // The catalog caches only words in at least 2 % of the documents (cheaper ones are looked up again).
  const words = await frequentIndexWords(db, prefilledWords, 0.02);
  let done = 0;
  for (const word of words) {
    if (!stillCurrent()) break;
    await new Promise((next) => setImmediate(next));
    await sqliteCatalogSearch(db, { terms: [word], type: [], product: [], language: [], sort: 'newest', limit: 1, offset: 0, user: warmUpUser });
    done++;
  }
  return done;
}
