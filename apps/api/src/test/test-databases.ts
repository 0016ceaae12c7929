import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DialectName } from '../platform/db/database.ts';
import { migrateToLatest, migrateUpTo } from '../platform/db/migrations/index.ts';

/** PostgreSQL used by tests; CI always has it, a laptop without it skips the PostgreSQL runs. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The databases every repository and route test runs on. In CI PostgreSQL is required:
 * an unreachable server fails the run instead of silently testing SQLite alone.
 */
export async function testDialects(): Promise<DialectName[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI but ${testPostgresUrl} is unreachable`);
  console.warn(`PostgreSQL at ${testPostgresUrl} is unreachable: running the SQLite half only`);
  return ['sqlite'];
}

export interface TestDatabase extends DatabaseHandle {
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory SQLite, or a schema of its own on the test PostgreSQL. `upTo`: migrated up to
 * that migration only (for a test of the ones after it).
 */
export async function createTestDatabase(dialect: DialectName, { upTo }: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrated = (db: DatabaseHandle['db']) => (upTo === undefined ? migrateToLatest(db) : migrateUpTo(db, upTo));
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    await migrated(handle.db);
    return { ...handle, destroy: () => handle.db.destroy() };
  }
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openDatabase({ sqliteFile: ':memory:', databaseUrl: testPostgresUrl, pgSchema: schema, pgPoolSize: 4 });
  await migrated(handle.db);
  return {
    ...handle,
    destroy: async () => {
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(handle.db);
      await handle.db.destroy();
    },
  };
}
