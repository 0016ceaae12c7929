import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { frequentIndexWords } from './search.repository.ts';
import { prefetchWord } from './catalog-search.repository.ts';

/*
 * The first search of a frequent word reads its whole posting list (tens of milliseconds on a
 * 100,000-document base); later searches of it use the catalog's cached matches. The most frequent
 * words are looked up once after start, so that users never pay for them: by a search worker on
 * SQLite (the lookups take CPU for a while), by the server on PostgreSQL (the database does the work).
 */

/** Most of what the catalog's word cache keeps at 100,000 documents (about 1,000 words), leaving room for the words users bring. */
const prefilledWords = 800;

/**
 * Looks up the most frequent words one by one (those `owns` keeps, when words are shared out
 * between workers), yielding to searches between two words; stops when `stillCurrent` says the
 * catalog they were cached for has been replaced.
 */
export async function prefillFrequentWords(db: Kysely<Database>, stillCurrent: () => boolean, owns: (word: string) => boolean = () => true): Promise<number> {
  // The catalog caches only words in at least 2 % of the documents (cheaper ones are looked up again).
  const words = (await frequentIndexWords(db, prefilledWords, 0.02)).filter(owns);
  let done = 0;
  for (const word of words) {
    if (!stillCurrent()) break;
    await new Promise((next) => setImmediate(next));
    await prefetchWord(db, word);
    done++;
  }
  return done;
}
