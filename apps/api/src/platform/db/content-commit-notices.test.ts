import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDialects, testPostgresUrl, type TestDatabase } from '../../test/test-databases.ts';
import { listenForContentCommits } from './content-commit-notices.ts';

const listenerPids = async (db: TestDatabase['db']) =>
  (await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN portal_content'`.execute(db)).rows.map((row) => row.pid);

describe.runIf((await testDialects()).includes('postgres'))('notices of content commits on PostgreSQL', () => {
  let handle: TestDatabase | undefined;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await handle?.destroy();
  });

  async function listen() {
    handle = await createTestDatabase('postgres');
    const before = new Set(await listenerPids(handle.db));
    const onCommit = vi.fn();
    stop = listenForContentCommits({ databaseUrl: testPostgresUrl, schema: handle.connection!.pgSchema, onCommit, onError: () => undefined, retryMs: 50 });
    let pid = 0;
    await vi.waitFor(async () => {
      pid = (await listenerPids(handle!.db)).find((candidate) => !before.has(candidate)) ?? 0;
      expect(pid).toBeGreaterThan(0);
    });
    return { db: handle.db, onCommit, pid };
  }

  it('hears a change to searchable content when it is committed, not before, and not another schema\'s', async () => {
    const { db, onCommit } = await listen();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('search_vocabulary').values({ word: 'gripper', documents: 1 }).execute();
      await new Promise((wait) => setTimeout(wait, 200));
      expect(onCommit).not.toHaveBeenCalled();
    });
    await vi.waitFor(() => expect(onCommit).toHaveBeenCalledTimes(1));

    const other = new pg.Client({ connectionString: testPostgresUrl });
    await other.connect();
    await other.query(`SELECT pg_notify('portal_content', 'some_other_schema')`);
    await other.end();
    await new Promise((wait) => setTimeout(wait, 200));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('counts a lost connection as a commit (notices may have been missed) and listens again', async () => {
    const { db, onCommit, pid } = await listen();
    await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
    await vi.waitFor(() => expect(onCommit).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect((await listenerPids(db)).length).toBeGreaterThan(0));
    await db.insertInto('search_vocabulary').values({ word: 'flange', documents: 1 }).execute();
    await vi.waitFor(() => expect(onCommit).toHaveBeenCalledTimes(2));
  });
});
