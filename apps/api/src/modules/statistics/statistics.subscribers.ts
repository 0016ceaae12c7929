import type { PortalEventBus } from '../../platform/events/index.ts';
import { countDocumentView } from './statistics.service.ts';

/**
 * Counts a document's view once the reader has their answer. `after-commit` (a view changes nothing to commit):
 * a count that fails is logged and lost, which a view counter can afford, and it never fails the reader's request.
 */
export function registerStatisticsSubscribers(bus: PortalEventBus): void {
  bus.subscribe('document.viewed', 'after-commit', ({ documentId, account, at }, db) => countDocumentView(db, { account }, documentId, new Date(at)));
}
