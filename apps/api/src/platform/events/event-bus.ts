import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * When a subscriber runs:
 * - `in-transaction`: inside the transaction of the change, with its handle; what it writes (a job, an audit
 *   entry) commits or rolls back with the change, and a throw rolls the change back. For what must not be lost.
 * - `after-commit`: once the change has committed; a throw is reported to `onError` and undoes nothing.
 *   For what can be recomputed or is best effort (caches, the search index's refresh, counters).
 */
export type SubscriberPhase = 'in-transaction' | 'after-commit';

export type Subscriber<Payload> = (payload: Payload, db: Kysely<Database>) => Promise<void> | void;

export interface EventBus<Events extends object> {
  subscribe<Name extends keyof Events & string>(name: Name, phase: SubscriberPhase, subscriber: Subscriber<Events[Name]>): () => void;
  /**
   * Runs `work` in one transaction; the events it emits reach the `in-transaction` subscribers at once (with the
   * transaction) and the `after-commit` subscribers after the commit, in the order emitted. Nothing is delivered
   * after commit when the work throws.
   */
  transaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>, emit: Emit<Events>) => Promise<T>): Promise<T>;
  /** Announces a change that `db` has already committed (a single statement, a file download): both phases run now, the first with `db`. */
  emitCommitted<Name extends keyof Events & string>(db: Kysely<Database>, name: Name, payload: Events[Name]): Promise<void>;
}

export type Emit<Events extends object> = <Name extends keyof Events & string>(name: Name, payload: Events[Name]) => Promise<void>;

export interface EventBusOptions {
  /** Where a failed after-commit subscriber is reported (the app's logger). */
  onError(error: unknown, event: string): void;
}

interface Registered {
  phase: SubscriberPhase;
  run: Subscriber<unknown>;
}

export function createEventBus<Events extends object>({ onError }: EventBusOptions): EventBus<Events> {
  const subscribers = new Map<string, Registered[]>();
  const of = (name: string, phase: SubscriberPhase) => (subscribers.get(name) ?? []).filter((entry) => entry.phase === phase);

  async function inTransaction(db: Kysely<Database>, name: string, payload: unknown) {
    for (const entry of of(name, 'in-transaction')) await entry.run(payload, db);
  }

  async function afterCommit(db: Kysely<Database>, name: string, payload: unknown) {
    for (const entry of of(name, 'after-commit')) {
      try {
        await entry.run(payload, db);
      } catch (error) {
        onError(error, name);
      }
    }
  }

  return {
    subscribe(name, phase, subscriber) {
      const entry: Registered = { phase, run: subscriber as Subscriber<unknown> };
      subscribers.set(name, [...(subscribers.get(name) ?? []), entry]);
      return () => subscribers.set(name, (subscribers.get(name) ?? []).filter((other) => other !== entry));
    },
    async transaction(db, work) {
      const emitted: Array<{ name: string; payload: unknown }> = [];
      const result = await db.transaction().execute((trx) =>
        work(trx, async (name, payload) => {
          emitted.push({ name, payload });
          await inTransaction(trx, name, payload);
        }),
      );
      for (const { name, payload } of emitted) await afterCommit(db, name, payload);
      return result;
    },
    async emitCommitted(db, name, payload) {
      await inTransaction(db, name, payload);
      await afterCommit(db, name, payload);
    },
  };
}
