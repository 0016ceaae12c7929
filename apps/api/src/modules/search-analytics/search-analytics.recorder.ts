import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEvents } from '../../platform/events/index.ts';

/** One thing search analytics records: a search answered, a document opened, a document downloaded. */
export type AnalyticsEvent =
  | ({ kind: 'search' } & PortalEvents['search.performed'])
  | { kind: 'open' | 'download'; userSub: string; documentId: string; at: string };

export interface RecorderOptions {
  /** Events held at most; beyond, new ones are dropped (and counted). */
  capacity: number;
  /** How long an event waits before its batch is written. */
  flushMs: number;
  /** Each event pushed: buffered, or dropped because the buffer was full. */
  onEvent(dropped: boolean): void;
  /** A batch that could not be written (it is lost: analytics are best effort). */
  onError(error: unknown): void;
}

export const defaultRecorderOptions = { capacity: 20_000, flushMs: 2_000 };

/**
 * The buffer between the events and the database: pushing never waits and never fails, so recording can never slow
 * a search. A timer writes the buffered events in order, one batch at a time; when the buffer is full (the database
 * is slow or a reader floods), new events are dropped and counted rather than held without bound.
 */
export class SearchAnalyticsRecorder {
  private buffer: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  private readonly write: (events: AnalyticsEvent[]) => Promise<void>;
  private readonly options: RecorderOptions;

  constructor(write: (events: AnalyticsEvent[]) => Promise<void>, options: RecorderOptions) {
    this.write = write;
    this.options = options;
  }

  push(event: AnalyticsEvent): void {
    if (this.closed) return;
    if (this.buffer.length >= this.options.capacity) {
      this.options.onEvent(true);
      return;
    }
    this.buffer.push(event);
    this.options.onEvent(false);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered now (after any batch being written); resolves when it is written or given up. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer;
        this.buffer = [];
        try {
          await this.write(batch);
        } catch (error) {
          this.options.onError(error);
        }
      }
    });
    return this.writing;
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Writes what is left and takes no more. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    this.closed = true;
  }
}

/** The recorder of each database handle, set by the routes (which own its lifetime) and fed by the subscribers. */
const recorders = new WeakMap<Kysely<Database>, SearchAnalyticsRecorder>();

export const attachRecorder = (db: Kysely<Database>, recorder: SearchAnalyticsRecorder) => recorders.set(db, recorder);
export const detachRecorder = (db: Kysely<Database>) => recorders.delete(db);
export const recorderOf = (db: Kysely<Database>) => recorders.get(db);
