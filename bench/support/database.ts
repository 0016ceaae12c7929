import { sql } from 'kysely';
import { loadConfig, type Config } from '../../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/platform/db/database.ts';
import { option } from './args.ts';

/**
 * Where a bench script's data lives: DATA_DIR's SQLite file, or with `--database-url postgres://…`
 * that PostgreSQL database (files and DATA_DIR's other contents stay in the folder).
 */
export interface BenchTarget {
  dataDir: string;
  databaseUrl?: string;
}

/** The `--database-url` option: a PostgreSQL connection string, or undefined for the SQLite file. */
export function databaseUrlOption(): string | undefined {
  const value = option('database-url', '');
  if (value === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('--database-url must be a postgres:// URL');
  return value;
}

/** The API's own configuration for a target, so scripts read the same paths and variables the server does. */
export function targetConfig(target: BenchTarget, publicUrl?: string): Config {
  return loadConfig({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, PUBLIC_URL: publicUrl });
}

export function openTargetDatabase(target: BenchTarget): DatabaseHandle {
  const config = targetConfig(target);
  return openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile, pgPoolSize: 2 });
}

/** The environment that points an API process at the target (startApi adds it to its own). */
export function targetEnv(target: BenchTarget): Record<string, string> {
  return { DATA_DIR: target.dataDir, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) };
}

/** Whether a PostgreSQL database already holds tables in its current schema (the seed refuses to mix runs). */
export async function postgresHasTables(handle: DatabaseHandle): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from information_schema.tables where table_schema = current_schema()`.execute(handle.db);
  return (rows[0]?.count ?? 0) > 0;
}

/** Empties a dedicated bench database: drops and recreates its current schema (never point it at a shared one). */
export async function resetPostgresSchema(handle: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The database has no current schema');
  await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
  await sql`create schema ${sql.id(schema)}`.execute(handle.db);
}
