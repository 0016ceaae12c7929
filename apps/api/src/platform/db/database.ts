import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, sql } from 'kysely';
import Cursor from 'pg-cursor';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
import type { Database } from './schema.ts';
import { createNodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: how to open a connection of one's own to the same database and schema (to listen for notices). */
  connection?: { databaseUrl: string; pgSchema?: string };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the SQLite file is used. */
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests give each suite its own). */
  pgSchema?: string;
  pgPoolSize?: number;
}

/** Opens the configured database: PostgreSQL when a URL is given, the embedded SQLite file otherwise. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const { databaseUrl, pgPoolSize, pgSchema } = options;
    // The driver is loaded with the first query, so the embedded mode never loads it.
    const pool = async () => {
      const { default: pg } = await import('pg');
      // Sizes above 2 GiB are stored as bigint; read them back as numbers rather than strings.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
      const pool = new pg.Pool({
        connectionString: databaseUrl,
        max: pgPoolSize ?? 10,
        // JIT compiles a query in 50–200 ms: more than any of the portal's short queries runs, so it only adds latency.
        options: ['-c jit=off', ...(pgSchema ? [`-c search_path=${pgSchema}`] : [])].join(' '),
      });
      // A connection the server cuts (restart, failover, idle timeout) reports an 'error' event: on the pool
      // for an idle one, on the client for one checked out between two queries. Unheard, either would end
      // the process. The pool drops the broken connection (at once, or when it is given back) and the next
      // query opens a new one; a query running at that moment fails on its own.
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      return pool;
    };
    // Rows streamed (the search catalog reads every document) come through a cursor, a batch at a time.
    return { db: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool, cursor: Cursor }) }), dialect: 'postgres', connection: { databaseUrl, pgSchema } };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const dialect = createNodeSqliteDialect(openSqlite(options.sqliteFile));
  return { db: new Kysely<Database>({ dialect }), dialect: 'sqlite' };
}

/** Whether the database answers a trivial query: the health check's probe. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
