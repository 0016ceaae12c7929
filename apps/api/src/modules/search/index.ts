// The search module's public entry: keeping the full-text index in step with a changed document.
export { reindexDocument } from './search-index.repository.ts';
