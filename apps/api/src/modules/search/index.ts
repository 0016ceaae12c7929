// The search module's public entry: keeping the full-text index in step with a changed document (through its events).
export { reindexDocument } from './search-index.repository.ts';
export { registerSearchSubscribers } from './search.subscribers.ts';
// The full re-index of search, a background job (background-jobs.ts registers it).
export { searchReindexJobHandlers } from './search-reindex.job.ts';
// Why a search found nothing (search analytics): counts only, never which documents.
// Answered where the searches run (the search worker on SQLite), through a small cache.
export { noResultReasons, type NoResultAnswer, type NoResultReason, type NoResultReasons, type NoResultSearch } from './no-result-reason.ts';
