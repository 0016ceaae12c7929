import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { createNodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the SQLite file is used. */
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests give each suite its own). */
  pgSchema?: string;
  pgPoolSize?: number;
}

// Sizes above 2 GiB are stored as bigint; read them back as numbers rather than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the configured database: PostgreSQL when a URL is given, the embedded SQLite file otherwise. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const dialect = createNodeSqliteDialect(openSqlite(options.sqliteFile));
  return { db: new Kysely<Database>({ dialect }), dialect: 'sqlite' };
}
