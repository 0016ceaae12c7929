import type { Kysely } from 'kysely';

/*
 * Audit entries of hash format 2 chain a salted digest of their personal fields instead of the fields
 * themselves (docs/security.md, audit trail), so that a person's data can later be replaced by a
 * pseudonym without breaking the chain. Entries written before keep format 1 and their old hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_entries')
    .addColumn('hashFormat', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('audit_entries').addColumn('personalSalt', 'text').execute();
  await db.schema.alterTable('audit_entries').addColumn('personalDigest', 'text').execute();
}
