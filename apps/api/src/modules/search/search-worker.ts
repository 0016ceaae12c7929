import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../platform/db/database.ts';
import { followContentVersion, shareWordCache, warmSearchCatalog } from './catalog-search.repository.ts';
import { noResultReason } from './no-result-reason.ts';
import { searchPage } from './search.service.ts';
import { prefillFrequentWords } from './search-word-prefill.ts';
import { workerOf, type SearchRequestMessage, type SearchResultMessage, type SearchWorkerData } from './search-worker-client.ts';

/*
 * A worker thread that answers searches on its own connection to the SQLite file: the full-text
 * lookups, the catalog's counting and the snippets run here, off the server's event loop. So do
 * search analytics' look-ups of why a search found nothing (the whole portal searched once or twice).
 */

const { sqliteFile, index, count } = workerData as SearchWorkerData;
const { db } = openDatabase({ sqliteFile });
shareWordCache(count);
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
      prefillFrequentWords(db, () => catalogVersion === version, (word) => workerOf([word], count) === index).catch(() => undefined);
      return { id: message.id };
    }
    if (message.kind === 'no-result-reason') return { id: message.id, reason: await noResultReason(db, message.search) };
    return { id: message.id, page: await searchPage(db, message.criteria) };
  } catch (error) {
    return { id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

port.on('message', (message: SearchRequestMessage) => {
  void answer(message).then((result) => port.postMessage(result));
});
