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

/** Moves the vocabulary's document counts from a document's old words to its new ones. */
export async function updateVocabulary(db: Kysely<Database>, before: Set<string>, after: Set<string>): Promise<void> {
  const added = new Set([...after].filter((word) => !before.has(word)));
  const removed = new Set([...before].filter((word) => !after.has(word)));
  for (const words of batches(added)) {
    await db
      .insertInto('search_vocabulary')
      .values(words.map((word) => ({ word, documents: 1 })))
      .onConflict((conflict) => conflict.column('word').doUpdateSet({ documents: sql`search_vocabulary.documents + 1` }))
      .execute();
  }
  for (const words of batches(removed)) {
    await db.updateTable('search_vocabulary').set({ documents: sql`documents - 1` }).where('word', 'in', words).execute();
    await db.deleteFrom('search_vocabulary').where('word', 'in', words).where('documents', '<=', 0).execute();
  }
}

/** Every word of the vocabulary with the number of documents holding it. */
export async function vocabularyRows(db: Kysely<Database>): Promise<Array<{ word: string; documents: number }>> {
  const rows = await db.selectFrom('search_vocabulary').select(['word', 'documents']).execute();
  return rows.map((row) => ({ word: row.word, documents: Number(row.documents) }));
}
