import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * When a subscriber runs:
 * - `in-transaction`: inside the transaction of the change, with its handle; what it writes (a job, an audit
 *   entry) commits or rolls back with the change, and a throw rolls the change back. For what must not be lost.
 * - `after-commit`: once the change has committed; a throw is reported to `onError` and undoes nothing.
 *   For what can be recomputed or is best effort (caches, counters).
 */
export type SubscriberPhase = 'in-transaction' | 'after-commit';

export type Subscriber<Payload> = (payload: Payload, db: Kysely<Database>) => Promise<void> | void;

export type Emit<Events extends object> = <Name extends keyof Events & string>(name: Name, payload: Events[Name]) => Promise<void>;

export interface EventBus<Events extends object> {
  subscribe<Name extends keyof Events & string>(name: Name, phase: SubscriberPhase, subscriber: Subscriber<Events[Name]>): () => void;
  /**
   * Runs `work` in one transaction; the events it emits reach the `in-transaction` subscribers at once (with the
   * transaction) and the `after-commit` subscribers after the commit, in the order emitted. Nothing is delivered
   * after commit when the work throws. Called with a transaction this bus opened (a writer calling another
   * writer), it joins it: the after-commit deliveries wait for that transaction's commit.
   */
  transaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>, emit: Emit<Events>) => Promise<T>): Promise<T>;
  /** Announces a change that `db` has already committed (a single statement): both phases run now, the first with `db`. */
  emitCommitted<Name extends keyof Events & string>(db: Kysely<Database>, name: Name, payload: Events[Name]): Promise<void>;
  /**
   * Announces something that changed nothing to commit (a search was made) without waiting for the subscribers:
   * the caller's answer does not wait on them, and any failure goes to `onError`.
   */
  notify<Name extends keyof Events & string>(db: Kysely<Database>, name: Name, payload: Events[Name]): void;
}

export interface EventBusOptions {
  /** Where a failed after-commit subscriber is reported (the app's logger). */
  onError(error: unknown, event: string): void;
}

interface Registered {
  phase: SubscriberPhase;
  run: Subscriber<unknown>;
}

interface Emitted {
  name: string;
  payload: unknown;
}

export function createEventBus<Events extends object>({ onError }: EventBusOptions): EventBus<Events> {
  const subscribers = new Map<string, Registered[]>();
  /** The events emitted so far in each open transaction of this bus, delivered after its commit. */
  const open = new WeakMap<Kysely<Database>, Emitted[]>();
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

  const emitInto = (trx: Kysely<Database>, emitted: Emitted[]): Emit<Events> => async (name, payload) => {
    await inTransaction(trx, name, payload);
    emitted.push({ name, payload });
  };

  async function emitCommitted(db: Kysely<Database>, name: string, payload: unknown) {
    await inTransaction(db, name, payload);
    await afterCommit(db, name, payload);
  }

  return {
    subscribe(name, phase, subscriber) {
      const entry: Registered = { phase, run: subscriber as Subscriber<unknown> };
      subscribers.set(name, [...(subscribers.get(name) ?? []), entry]);
      return () => subscribers.set(name, (subscribers.get(name) ?? []).filter((other) => other !== entry));
    },
    async transaction(db, work) {
      const joined = open.get(db);
      if (joined) return work(db, emitInto(db, joined));
      // A transaction opened elsewhere: its commit is out of sight, so after-commit deliveries could not be timed.
      if (db.isTransaction) throw new Error('events.transaction was handed a transaction the event bus did not open');
      const emitted: Emitted[] = [];
      const result = await db.transaction().execute(async (trx) => {
        open.set(trx, emitted);
        try {
          return await work(trx, emitInto(trx, emitted));
        } finally {
          open.delete(trx);
        }
      });
      for (const { name, payload } of emitted) await afterCommit(db, name, payload);
      return result;
    },
    emitCommitted,
    notify(db, name, payload) {
      emitCommitted(db, name, payload).catch((error: unknown) => onError(error, name));
    },
  };
}
