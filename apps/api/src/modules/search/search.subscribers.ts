import type { PortalEventBus } from '../../platform/events/index.ts';
import { reindexDocument } from './search-index.repository.ts';

/**
 * Keeps a document's row of the full-text index in step with the changes that make it: its number, title,
 * status, current version or that version's text. `in-transaction`, although the row can be recomputed from
 * the tables: nothing recomputes it later (a full re-index runs only when a migration or an admin asks), so a refresh lost
 * after the commit would leave a withdrawn document findable, or a published one missing, until its next change.
 * Inside the transaction the row and the vocabulary's counts change with the document or not at all.
 */
export function registerSearchSubscribers(bus: PortalEventBus): void {
  const reindex = ({ documentId }: { documentId: string }, db: Parameters<typeof reindexDocument>[0]) => reindexDocument(db, documentId);
  bus.subscribe('document.version-added', 'in-transaction', reindex);
  bus.subscribe('document.edited', 'in-transaction', reindex);
  bus.subscribe('document.status-changed', 'in-transaction', reindex);
  bus.subscribe('document.version-withdrawn', 'in-transaction', reindex);
  bus.subscribe('document.version-deleted', 'in-transaction', reindex);
  bus.subscribe('document.text-extracted', 'in-transaction', reindex);
}
