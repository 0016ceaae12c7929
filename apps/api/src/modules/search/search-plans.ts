import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { searchIndexGeneration } from './search-index.repository.ts';
import { planTerm, type TermPlan } from './search-query.ts';
import { SearchVocabulary } from './search-vocabulary.ts';
import { vocabularyRows } from './search-vocabulary.repository.ts';

/** How long a vocabulary is used before it is read again (another server may have changed the index meanwhile). */
const vocabularyTtlMs = 30_000;

interface Loaded {
  vocabulary: Promise<SearchVocabulary>;
  generation: number;
  loadedAt: number;
}

const loaded = new WeakMap<Kysely<Database>, Loaded>();

export async function loadVocabulary(db: Kysely<Database>): Promise<SearchVocabulary> {
  return new SearchVocabulary(await vocabularyRows(db));
}

/** The vocabulary of a database, read again when this process changed the index or after vocabularyTtlMs. */
export function currentVocabulary(db: Kysely<Database>): Promise<SearchVocabulary> {
  const entry = loaded.get(db);
  const generation = searchIndexGeneration();
  if (entry && entry.generation === generation && Date.now() - entry.loadedAt < vocabularyTtlMs) return entry.vocabulary;
  const vocabulary = loadVocabulary(db);
  loaded.set(db, { vocabulary, generation, loadedAt: Date.now() });
  vocabulary.catch(() => loaded.delete(db));
  return vocabulary;
}

/** How each query word is looked for, remembered per vocabulary. */
export function planTerms(vocabulary: SearchVocabulary, terms: readonly string[]): TermPlan[] {
  return terms.map((term) => {
    const known = vocabulary.memo.get(term) as TermPlan | undefined;
    if (known) return known;
    const plan = planTerm(term, vocabulary);
    vocabulary.memo.set(term, plan);
    return plan;
  });
}
