import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../platform/db/database.ts';
import { SearchCountsCache } from './search-counts-cache.ts';
import { followContentVersion, warmSearchCatalog } from './sqlite-search.repository.ts';
import { searchPage } from './search.service.ts';
import { prefillFrequentWords } from './search-word-prefill.ts';
import type { SearchRequestMessage, SearchResultMessage } from './search-worker-client.ts';

/*
 * A worker thread that answers searches on its own connection to the SQLite file: the full-text
 * lookups, the catalog's counting and the snippets run here, off the server's event loop.
 */

const { sqliteFile } = workerData as { sqliteFile: string };
const { db } = openDatabase({ sqliteFile });
const counts = new SearchCountsCache();
const port = parentPort!;

// The catalog follows the server's content version: every write of the server (a download
// record, a user seen) changes SQLite's data_version here, most of them nothing search shows.
let serverVersion = '';
let catalogVersion = 0;
followContentVersion(db, () => catalogVersion);
function reflect(contentVersion: string): void {
  if (contentVersion === serverVersion) return;
  serverVersion = contentVersion;
  catalogVersion += 1;
}

async function answer(message: SearchRequestMessage): Promise<SearchResultMessage> {
  try {
    reflect(message.contentVersion);
    if (message.kind === 'warm') {
      await warmSearchCatalog(db);
      const version = catalogVersion;
      prefillFrequentWords(db, () => catalogVersion === version).catch(() => undefined);
      return { id: message.id };
    }
    return { id: message.id, page: await searchPage({ db, counts }, message.criteria, message.audience, message.generation) };
  } catch (error) {
    return { id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

port.on('message', (message: SearchRequestMessage) => {
  void answer(message).then((result) => port.postMessage(result));
});
