import type { PortalEventBus } from '../../platform/events/index.ts';
import { recorderOf } from './search-analytics.recorder.ts';

/**
 * Hands searches, document views and document downloads to the recorder of the database they happened on (after
 * commit: they change nothing; the recorder only buffers, so no subscriber ever waits on analytics). Processes
 * without the analytics routes (commands, the worker) have no recorder and record nothing.
 */
export function registerSearchAnalyticsSubscribers(bus: PortalEventBus): void {
  bus.subscribe('search.performed', 'after-commit', (payload, db) => {
    recorderOf(db)?.push({ kind: 'search', ...payload });
  });
  bus.subscribe('document.viewed', 'after-commit', ({ documentId, userSub, at }, db) => {
    recorderOf(db)?.push({ kind: 'open', userSub, documentId, at });
  });
  bus.subscribe('file.downloaded', 'after-commit', ({ itemKind, itemId, userSub }, db) => {
    if (itemKind === 'document') recorderOf(db)?.push({ kind: 'download', userSub, documentId: itemId, at: new Date().toISOString() });
  });
}
