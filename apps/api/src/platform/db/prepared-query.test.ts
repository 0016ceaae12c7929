import { Kysely, sql } from 'kysely';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared-query.ts';
import { createNodeSqliteDialect } from './sqlite-dialect.ts';

interface Db {
  t: { id: number; name: string; status: string };
}

async function database() {
  const db = new Kysely<Db>({ dialect: createNodeSqliteDialect(new DatabaseSync(':memory:')) });
  await sql`CREATE TABLE t (id integer primary key, name text, status text)`.execute(db);
  await db.insertInto('t').values([{ id: 1, name: 'a', status: 'on' }, { id: 2, name: 'b', status: 'off' }, { id: 3, name: 'c', status: 'on' }]).execute();
  return db;
}

describe('preparedQuery', () => {
  it('runs the query built once with each call\'s values, keeping the constants written in it', async () => {
    const db = await database();
    let builds = 0;
    const namesAbove = preparedQuery((kysely: Kysely<Db>, min: number, max: number) => {
      builds += 1;
      return kysely.selectFrom('t').select('name').where('status', '=', 'on').where('id', '>=', min).where('id', '<=', max).orderBy('id');
    });
    expect((await namesAbove(db, 1, 3)).map((row) => row.name)).toEqual(['a', 'c']);
    expect((await namesAbove(db, 2, 3)).map((row) => row.name)).toEqual(['c']);
    expect(builds).toBe(1);
    await db.destroy();
  });

  it('refuses a query that does not use a parameter as one value', async () => {
    const db = await database();
    const ignoring = preparedQuery((kysely: Kysely<Db>, _unused: string) => kysely.selectFrom('t').select('name'));
    await expect(ignoring(db, 'x')).rejects.toThrow(/every parameter/);
    await db.destroy();
  });
});
