import { Kysely, sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';

function countingDatabase() {
  const database = new DatabaseSync(':memory:');
  let prepared = 0;
  const prepare = database.prepare.bind(database);
  database.prepare = (text: string) => {
    prepared += 1;
    return prepare(text);
  };
  return { database, prepared: () => prepared };
}

describe('node:sqlite dialect', () => {
  it('prepares each SQL text once and reuses the statement with other parameters', async () => {
    const { database, prepared } = countingDatabase();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: createNodeSqliteDialect(database) });
    await sql`CREATE TABLE t (id integer primary key, name text)`.execute(db);
    for (const [id, name] of [[1, 'a'], [2, 'b'], [3, 'c']] as const) await db.insertInto('t').values({ id, name }).execute();
    const names = [];
    for (const id of [1, 2, 3]) names.push((await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst())?.name);
    expect(names).toEqual(['a', 'b', 'c']);
    expect(prepared()).toBe(3); // CREATE, INSERT, SELECT
    await db.destroy();
  });

  it('keeps at most the given number of statements and still answers evicted ones', async () => {
    const { database, prepared } = countingDatabase();
    const db = new Kysely<Record<string, never>>({ dialect: createNodeSqliteDialect(database, 2) });
    const one = (n: number) => sql<{ n: number }>`SELECT ${sql.lit(n)} AS n`.execute(db);
    for (const n of [1, 2, 3, 1]) expect((await one(n)).rows[0].n).toBe(n);
    expect(prepared()).toBe(4);
    await db.destroy();
  });

  it('streams rows through a reused statement', async () => {
    const db = new Kysely<{ t: { id: number } }>({ dialect: createNodeSqliteDialect(new DatabaseSync(':memory:')) });
    await sql`CREATE TABLE t (id integer primary key)`.execute(db);
    await db.insertInto('t').values([{ id: 1 }, { id: 2 }, { id: 3 }]).execute();
    for (let round = 0; round < 2; round++) {
      const ids = [];
      for await (const row of db.selectFrom('t').select('id').orderBy('id').stream()) ids.push(row.id);
      expect(ids).toEqual([1, 2, 3]);
    }
    await db.destroy();
  });

  it('waits for a write lock another process holds beyond the busy timeout, without blocking the event loop meanwhile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-sqlite-busy-'));
    try {
      const file = join(dir, 'busy.sqlite');
      const db = new Kysely<{ t: { id: number } }>({ dialect: createNodeSqliteDialect(openSqlite(file, 20)) });
      await sql`create table t (id integer primary key)`.execute(db);
      // The other process: it holds the write lock for 300 ms, far longer than the 20 ms timeout.
      const other = openSqlite(file);
      other.exec('BEGIN IMMEDIATE; INSERT INTO t (id) VALUES (1);');
      const released = new Promise<void>((resolve) => setTimeout(() => (other.exec('COMMIT'), resolve()), 300));
      await db.transaction().execute(async (trx) => {
        const [{ count }] = (await sql<{ count: number }>`select count(*) as count from t`.execute(trx)).rows as [{ count: number }];
        await trx.insertInto('t').values({ id: count + 1 }).execute();
      });
      await released;
      expect((await db.selectFrom('t').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([1, 2]);
      other.close();
      await db.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
