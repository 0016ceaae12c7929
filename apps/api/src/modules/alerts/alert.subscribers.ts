import type { PortalEventBus } from '../../platform/events/index.ts';
import { announcePublication } from './publication.ts';

/**
 * A published version queues its fan-out job `in-transaction`: the job exists exactly when the publication
 * does, so no follower misses it after a crash, and a rolled-back publication announces nothing.
 */
export function registerAlertSubscribers(bus: PortalEventBus): void {
  bus.subscribe('document.published', 'in-transaction', ({ versionId }, db) => announcePublication(db, { id: versionId }));
}
