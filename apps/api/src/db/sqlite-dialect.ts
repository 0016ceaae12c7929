import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

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

/** Opens a SQLite file (or ':memory:') through Node's built-in driver, tuned for one writer and many readers. */
export function openSqlite(location: string): DatabaseSync {
  const database = new DatabaseSync(location);
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  return database;
}

/** Kysely's SQLite dialect fed by node:sqlite instead of better-sqlite3. */
export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const adapted: SqliteDatabase = {
    prepare: (sql) => adaptStatement(database.prepare(sql)),
    close: () => database.close(),
  };
  return new SqliteDialect({ database: adapted });
}
