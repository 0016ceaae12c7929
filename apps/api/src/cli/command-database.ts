import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { prepareDataDir } from '../data-dir.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations/index.ts';
import type { Database } from '../platform/db/schema.ts';

/** Runs a command's work on the configured database, migrated to the latest schema, and closes it afterwards. */
export async function withCommandDatabase<T>(config: Config, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  await prepareDataDir(config.dataDir, config.DATABASE_URL ? undefined : config.sqliteFile);
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}
