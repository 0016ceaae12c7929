import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';

const postgres = (await testDialects()).includes('postgres');

describe.runIf(postgres)('the database handle introspects its own PostgreSQL schema only', () => {
  let mine: TestDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    [mine, other] = await Promise.all([createTestDatabase('postgres'), createTestDatabase('postgres')]);
  });
  afterAll(async () => {
    await Promise.all([mine?.destroy(), other?.destroy()]);
  });

  it('lists its tables with their columns, and none of another schema in the same database', async () => {
    const tables = await mine.db.introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([mine.connection!.pgSchema]));
    const documents = tables.find((table) => table.name === 'documents');
    expect(documents?.columns.find((column) => column.name === 'id')).toMatchObject({ isNullable: false });
    expect(tables.some((table) => table.name === 'kysely_migration')).toBe(false);
    expect((await mine.db.introspection.getTables({ withInternalKyselyTables: true })).some((table) => table.name === 'kysely_migration')).toBe(true);
  });

  it('migrates while another schema of the database is dropped', async () => {
    const doomed = await Promise.all(Array.from({ length: 4 }, () => createTestDatabase('postgres')));
    const fresh = Promise.all(Array.from({ length: 4 }, () => createTestDatabase('postgres')));
    await Promise.all(doomed.map((database) => database.destroy()));
    await Promise.all((await fresh).map((database) => database.destroy()));
  });
});
