import { Worker } from 'node:worker_threads';
import type { NoResultAnswer, NoResultSearch } from './no-result-reason.ts';
import type { SearchCriteria } from './search-criteria.repository.ts';
import type { UnsignedSearchPage } from './search-page-cache.ts';
import { parseSearchTerms } from './search-query.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type SearchRequestMessage =
  | { id: number; kind: 'warm'; contentVersion: string }
  | ({ id: number; kind: 'search' } & SearchRequest)
  | { id: number; kind: 'no-result-reason'; search: NoResultSearch; contentVersion: string };

/** What a search needs: the criteria, and the server's content version the answer must reflect. */
export interface SearchRequest {
  criteria: SearchCriteria;
  /** Changes when the server changed content or access, or another process committed: the worker's catalog is rebuilt then, and only then. */
  contentVersion: string;
}

export interface SearchResultMessage {
  id: number;
  page?: UnsignedSearchPage;
  reason?: NoResultAnswer;
  /** The worker's error, with its stack: logged by the server, never shown to the user. */
  error?: string;
}

interface Pending {
  resolve(message: SearchResultMessage): void;
  reject(error: Error): void;
}

/** What a search worker is told when it starts: its file, and its share of the words (see workerOf). */
export interface SearchWorkerData {
  sqliteFile: string;
  index: number;
  count: number;
}

/**
 * Search workers of a server. Two answer more first-time searches on two cores (bench/search.ts with
 * this set to 2, 2026-11-24, 100,000 documents: 342 against 247 searches/s at concurrency 32), but each builds its
 * own catalog and opens its own SQLite connection, which took the server's peak RSS to 567–602 MiB,
 * over the 400 MB it may use: one, until the workers share one catalog.
 */
export const searchWorkerCount = 1;

/**
 * A search worker's young generation. Building a catalog makes much short-lived garbage, and a
 * young generation left to grow holds on to the memory it reached.
 */
const workerYoungMb = 24;

/**
 * Which of `count` workers answers a search (or looks up a word ahead): the one owning its first
 * word, so that a word's cached matches are in one worker only and each caches its share of the words.
 */
export function workerOf(terms: readonly string[], count: number): number {
  const word = terms[0] ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % count;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Runs searches on a SQLite file in worker threads (search-worker.ts), so that a broad search
 * never holds up the requests around it. A worker that dies fails the searches it was running
 * and is started afresh for the next one.
 */
export class SearchWorkerClient {
  private readonly sqliteFile: string;
  private readonly slots: Array<Slot | undefined>;
  private nextId = 1;

  constructor(sqliteFile: string, workers = searchWorkerCount) {
    this.sqliteFile = sqliteFile;
    this.slots = Array.from({ length: Math.max(1, workers) }, () => undefined);
  }

  private started(index: number): Slot {
    const running = this.slots[index];
    if (running) return running;
    const workerData: SearchWorkerData = { sqliteFile: this.sqliteFile, index, count: this.slots.length };
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { workerData, resourceLimits: { maxYoungGenerationSizeMb: workerYoungMb } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (message: SearchResultMessage) => {
      const pending = slot.pending.get(message.id);
      if (!pending) return;
      slot.pending.delete(message.id);
      if (message.error !== undefined) pending.reject(new Error(`search worker: ${message.error}`));
      else pending.resolve(message);
    });
    const fail = (error: Error) => {
      if (this.slots[index] !== slot) return;
      this.slots[index] = undefined;
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search worker exited with code ${code}`)));
    this.slots[index] = slot;
    return slot;
  }

  private send(index: number, message: DistributiveOmit<SearchRequestMessage, 'id'>): Promise<SearchResultMessage> {
    const id = this.nextId++;
    const slot = this.started(index);
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...message, id });
    });
  }

  /** Builds the workers' catalogs ahead of the first search, for the server's current content version. */
  async warm(contentVersion: string): Promise<void> {
    // One after the other: two catalogs built at once would double the memory the build takes.
    for (let index = 0; index < this.slots.length; index++) await this.send(index, { kind: 'warm', contentVersion });
  }

  async search(request: SearchRequest): Promise<UnsignedSearchPage> {
    const { page } = await this.send(workerOf(request.criteria.terms, this.slots.length), { kind: 'search', ...request });
    if (!page) throw new Error('search worker: no answer');
    return page;
  }

  /** Why a search found nothing (noResultReason), looked into by the worker that owns its first word. */
  async noResultReason(search: NoResultSearch, contentVersion: string): Promise<NoResultAnswer> {
    const { reason } = await this.send(workerOf(parseSearchTerms(search.text), this.slots.length), { kind: 'no-result-reason', search, contentVersion });
    if (!reason) throw new Error('search worker: no answer');
    return reason;
  }

  async close(): Promise<void> {
    const running = this.slots.filter((slot) => slot !== undefined);
    this.slots.fill(undefined);
    await Promise.all(running.map((slot) => slot.worker.terminate()));
  }
}
