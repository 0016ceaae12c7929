import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import type { Database } from '../db/schema.ts';
import { enqueueJob } from '../jobs/job.repository.ts';
import { createEventBus } from './event-bus.ts';

interface TestEvents {
  'thing.done': { key: string };
}

describe.each(await testDialects())('event bus on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  const queued = async (key: string) => (await database.db.selectFrom('jobs').select('id').where('dedupeKey', '=', key).execute()).length;
  const queue = (db: Kysely<Database>, key: string) => enqueueJob(db, { kind: 'test', payload: {}, dedupeKey: key });

  function busWithLog() {
    const failures: Array<{ event: string; message: string }> = [];
    const bus = createEventBus<TestEvents>({ onError: (error, event) => failures.push({ event, message: (error as Error).message }) });
    return { bus, failures };
  }

  it('runs in-transaction subscribers with the transaction and after-commit ones once it has committed', async () => {
    const { bus } = busWithLog();
    const seen: string[] = [];
    bus.subscribe('thing.done', 'in-transaction', async ({ key }, db) => {
      expect(db.isTransaction).toBe(true);
      await queue(db, `${key}:job`);
      seen.push('in-transaction');
    });
    bus.subscribe('thing.done', 'after-commit', async ({ key }, db) => {
      expect(db.isTransaction).toBe(false);
      seen.push(`after-commit, job visible: ${await queued(`${key}:job`)}`);
    });
    const result = await bus.transaction(database.db, async (trx, emit) => {
      await emit('thing.done', { key: 'a' });
      expect(seen).toEqual(['in-transaction']);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['in-transaction', 'after-commit, job visible: 1']);
  });

  it('delivers nothing after commit, and keeps nothing a subscriber wrote, when the work throws after emitting', async () => {
    const { bus } = busWithLog();
    let afterCommit = 0;
    bus.subscribe('thing.done', 'in-transaction', ({ key }, db) => queue(db, `${key}:job`).then(() => undefined));
    bus.subscribe('thing.done', 'after-commit', () => {
      afterCommit += 1;
    });
    await expect(
      bus.transaction(database.db, async (_trx, emit) => {
        await emit('thing.done', { key: 'b' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(afterCommit).toBe(0);
    expect(await queued('b:job')).toBe(0);
  });

  it('reports a failed after-commit subscriber and still runs the next one', async () => {
    const { bus, failures } = busWithLog();
    const ran: string[] = [];
    bus.subscribe('thing.done', 'after-commit', () => {
      throw new Error('cache unreachable');
    });
    bus.subscribe('thing.done', 'after-commit', ({ key }) => {
      ran.push(key);
    });
    await bus.transaction(database.db, (_trx, emit) => emit('thing.done', { key: 'c' }));
    expect(failures).toEqual([{ event: 'thing.done', message: 'cache unreachable' }]);
    expect(ran).toEqual(['c']);
  });

  it('lets a writer join a transaction the bus opened: its after-commit deliveries wait for the outer commit', async () => {
    const { bus } = busWithLog();
    const order: string[] = [];
    bus.subscribe('thing.done', 'after-commit', ({ key }) => {
      order.push(`delivered ${key}`);
    });
    await bus.transaction(database.db, async (trx, emit) => {
      await bus.transaction(trx, async (inner, innerEmit) => {
        expect(inner).toBe(trx);
        await innerEmit('thing.done', { key: 'inner' });
      });
      order.push('inner writer returned');
      await emit('thing.done', { key: 'outer' });
    });
    expect(order).toEqual(['inner writer returned', 'delivered inner', 'delivered outer']);
  });

  it('refuses a transaction it did not open, whose commit it could not see', async () => {
    const { bus } = busWithLog();
    await expect(database.db.transaction().execute((trx) => bus.transaction(trx, async () => 'never'))).rejects.toThrow('did not open');
  });

  it('stops subscribers that unsubscribed, and sends notify without waiting, failures reported', async () => {
    const { bus, failures } = busWithLog();
    let heard = 0;
    const stop = bus.subscribe('thing.done', 'after-commit', () => {
      heard += 1;
    });
    await bus.emitCommitted(database.db, 'thing.done', { key: 'd' });
    stop();
    await bus.emitCommitted(database.db, 'thing.done', { key: 'e' });
    expect(heard).toBe(1);

    let release: () => void = () => undefined;
    bus.subscribe('thing.done', 'in-transaction', () => new Promise<void>((resolve) => (release = resolve)).then(() => Promise.reject(new Error('slow and broken'))));
    bus.notify(database.db, 'thing.done', { key: 'f' });
    expect(failures).toEqual([]);
    release();
    await expect.poll(() => failures).toEqual([{ event: 'thing.done', message: 'slow and broken' }]);
  });
});
