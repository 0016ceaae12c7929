import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Rows per statement: well under both engines' limits on bound parameters. */
const batchSize = 500;

function batches(words: Set<string>): string[][] {
  // Sorted, so that concurrent transactions lock the same rows in the same order.
  const sorted = [...words].sort();
  const all: string[][] = [];
  for (let start = 0; start < sorted.length; start += batchSize) all.push(sorted.slice(start, start + batchSize));
  return all;
}

/**
 * Changes to the vocabulary's document counts, summed over any number of documents and written in
 * one pass: rewriting a word's row once per document of a batch leaves PostgreSQL a chain of dead
 * row versions to walk for every later update of that word.
 */
export class VocabularyChanges {
  private readonly deltas = new Map<string, number>();

  /** A document's words went from `before` to `after`. */
  move(before: Set<string>, after: Set<string>): void {
    for (const word of after) if (!before.has(word)) this.deltas.set(word, (this.deltas.get(word) ?? 0) + 1);
    for (const word of before) if (!after.has(word)) this.deltas.set(word, (this.deltas.get(word) ?? 0) - 1);
  }

  async write(db: Kysely<Database>): Promise<void> {
    const changed = new Set([...this.deltas].filter(([, delta]) => delta !== 0).map(([word]) => word));
    const lowered = new Set([...changed].filter((word) => (this.deltas.get(word) ?? 0) < 0));
    for (const words of batches(changed)) {
      await db
        .insertInto('search_vocabulary')
        .values(words.map((word) => ({ word, documents: this.deltas.get(word) ?? 0 })))
        .onConflict((conflict) => conflict.column('word').doUpdateSet({ documents: sql`search_vocabulary.documents + excluded.documents` }))
        .execute();
    }
    for (const words of batches(lowered)) await db.deleteFrom('search_vocabulary').where('word', 'in', words).where('documents', '<=', 0).execute();
    this.deltas.clear();
  }
}

/** Every word of the vocabulary with the number of documents holding it. */
export async function vocabularyRows(db: Kysely<Database>): Promise<Array<{ word: string; documents: number }>> {
  const rows = await db.selectFrom('search_vocabulary').select(['word', 'documents']).execute();
  return rows.map((row) => ({ word: row.word, documents: Number(row.documents) }));
}
