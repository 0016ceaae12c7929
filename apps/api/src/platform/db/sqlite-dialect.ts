import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
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

/** Opens a SQLite file (or ':memory:') through Node's built-in driver, tuned for one writer and many readers. */
export function openSqlite(location: string): DatabaseSync {
  const database = new DatabaseSync(location);
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  return database;
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
  return new SqliteDialect({ database: adapted });
}
