import { Worker } from 'node:worker_threads';
import type { SearchCriteria } from './search-criteria.repository.ts';
import type { UnsignedSearchPage } from './search-page-cache.ts';

export type SearchRequestMessage =
  | { id: number; kind: 'warm'; contentVersion: string }
  | ({ id: number; kind: 'search' } & SearchRequest);

/** What a search needs: the criteria, who counts alike, and the server's content version the answer must reflect. */
export interface SearchRequest {
  criteria: SearchCriteria;
  audience: string;
  generation: number;
  /** Changes when the server changed content or access, or another process committed: the worker's catalog is rebuilt then, and only then. */
  contentVersion: string;
}

export interface SearchResultMessage {
  id: number;
  page?: UnsignedSearchPage;
  /** The worker's error, with its stack: logged by the server, never shown to the user. */
  error?: string;
}

interface Pending {
  resolve(page: UnsignedSearchPage | undefined): void;
  reject(error: Error): void;
}

/**
 * Runs searches on a SQLite file in a worker thread (search-worker.ts), so that a broad search
 * never holds up the requests around it. A worker that dies fails the searches it was running
 * and is started afresh for the next one.
 */
export class SearchWorkerClient {
  private readonly sqliteFile: string;
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(sqliteFile: string) {
    this.sqliteFile = sqliteFile;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { workerData: { sqliteFile: this.sqliteFile } });
    worker.unref();
    worker.on('message', (message: SearchResultMessage) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) pending.reject(new Error(`search worker: ${message.error}`));
      else pending.resolve(message.page);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private send(message: Omit<SearchRequestMessage, 'id'>): Promise<UnsignedSearchPage | undefined> {
    const id = this.nextId++;
    const worker = this.started();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  }

  /** Builds the worker's catalog ahead of the first search, for the server's current content version. */
  async warm(contentVersion: string): Promise<void> {
    await this.send({ kind: 'warm', contentVersion });
  }

  async search(request: SearchRequest): Promise<UnsignedSearchPage> {
    const page = await this.send({ kind: 'search', ...request });
    if (!page) throw new Error('search worker: no answer');
    return page;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
