import type { Kysely } from 'kysely';

/*
 * A product's expected lifetime in years (1–100): the instructions of a unit stay available for the
 * later of ten years after it shipped and this lifetime (EU Machinery Regulation 2023/1230, Art. 10(7)).
 * Existing products get the ten years every machine is owed at least.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('lifetimeYears', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
}
