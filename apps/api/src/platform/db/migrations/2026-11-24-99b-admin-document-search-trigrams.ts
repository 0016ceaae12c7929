import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * PostgreSQL: trigram indexes for the console's search in titles and service references
 * (`lower(column) LIKE '%…%'`), which otherwise reads every document. pg_trgm is a contrib
 * extension: where it is missing or may not be created, the search stays a full scan (same
 * results) and the migration says so in the log. It goes into the public schema rather than the
 * current one, since dropping a schema drops the extensions in it, and the indexes of every other
 * schema with them (the tests give each suite a schema of its own and drop it afterwards).
 * SQLite needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  const schema = await trigramSchema(db);
  if (!schema) return;
  const operatorClass = sql.id(schema, 'gin_trgm_ops');
  await sql`CREATE INDEX documents_title_trgm_idx ON documents USING gin (lower(title) ${operatorClass})`.execute(db);
  await sql`CREATE INDEX documents_service_ref_trgm_idx ON documents USING gin (lower("serviceRef") ${operatorClass})`.execute(db);
}

async function installedSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/** The schema holding pg_trgm, installing it when it can; undefined (and a warning) when it cannot. */
async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const installed = await installedSchema(db);
  if (installed) return installed;
  // A failed statement aborts the transaction the migrations run in: try under a savepoint.
  await sql`SAVEPOINT create_pg_trgm`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT create_pg_trgm`.execute(db);
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT create_pg_trgm`.execute(db);
    // Another migration run (another schema of the same database) may just have created it.
    const created = await installedSchema(db);
    if (created) return created;
    console.log(JSON.stringify({
      level: 'warn', time: Date.now(), source: 'migration', migration: '2026-11-24-99b-admin-document-search-trigrams', error: String(error),
      msg: 'pg_trgm could not be created: the console\'s document search reads every document. Have an administrator run CREATE EXTENSION pg_trgm, then create the indexes of this migration.',
    }));
    return undefined;
  }
  return installedSchema(db);
}
