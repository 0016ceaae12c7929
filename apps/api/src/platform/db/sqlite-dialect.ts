import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** node:sqlite accepts only null, numbers, bigints, strings and bytes as parameters. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
  return {
    // Kysely asks whether a statement returns rows (SELECT, or INSERT … RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...params(parameters)),
    run: (parameters) => {
      const result = statement.run(...params(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...params(parameters)),
  };
}

/** How long a statement waits for another process's write lock before SQLite reports the database busy. */
export const defaultBusyTimeoutMs = 5000;

/**
 * Opens a SQLite file (or ':memory:') through Node's built-in driver, tuned for one writer and many
 * readers: write-ahead log (readers never wait for the writer) and a busy timeout, so a write waits
 * while another process (`npm run import` beside the server) holds the lock instead of failing.
 */
export function openSqlite(location: string, busyTimeoutMs = defaultBusyTimeoutMs): DatabaseSync {
  const database = new DatabaseSync(location);
  database.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)};`);
  return database;
}

/** SQLITE_BUSY and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT) share the low byte 5. */
function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' && (code & 0xff) === 5;
}

/** Pauses between attempts at a write lock another process holds longer than the busy timeout. */
const busyRetryDelaysMs = [50, 100, 200, 400, 800, 1600];

/**
 * Transactions take the write lock when they begin (`BEGIN IMMEDIATE`). A deferred `BEGIN` reads
 * first and asks for the lock at its first write; when another process has written in between,
 * SQLite answers "database is locked" at once, without waiting (its snapshot is stale), and the
 * work is lost. Beginning is also retried when the lock stays busy beyond the timeout: nothing
 * has been done yet, so trying again is always safe.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    for (const delay of busyRetryDelaysMs) {
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
        return;
      } catch (error) {
        if (!isBusy(error)) throw error;
        await sleep(delay);
      }
    }
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  private readonly driverConfig: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.driverConfig = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.driverConfig);
  }
}

/** Most prepared statements kept per database: the app's queries are a few hundred shapes. */
export const preparedStatementLimit = 500;

/**
 * Kysely's SQLite dialect fed by node:sqlite instead of better-sqlite3. Kysely prepares every
 * query it runs; preparing costs about a third of a small query, so statements are kept by their
 * SQL text and reused (Kysely runs one query at a time on the connection, so a statement is never
 * used by two queries at once).
 */
export function createNodeSqliteDialect(database: DatabaseSync, statementLimit = preparedStatementLimit): SqliteDialect {
  const statements = new LRUCache<string, SqliteStatement>({ max: statementLimit });
  const adapted: SqliteDatabase = {
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = adaptStatement(database.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => {
      statements.clear();
      database.close();
    },
  };
  return new ImmediateTransactionDialect({ database: adapted });
}
