import { Kysely, sql } from 'kysely';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createNodeSqliteDialect } from './sqlite-dialect.ts';

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
});
