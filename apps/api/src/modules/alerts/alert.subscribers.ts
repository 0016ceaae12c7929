import type { PortalEventBus } from '../../platform/events/index.ts';
import { followDownloadedDocument } from './follow.service.ts';
import { announcePublication } from './publication.ts';
import { registerTranslationCatchUpAlerts } from './translation-catch-up.ts';

/**
 * A download of one document (announced with its title) makes the downloader follow it, after the commit: a
 * follow that fails leaves the download in place.
 *
 * A published version queues its fan-out job `in-transaction`: the job exists exactly when the publication
 * does, so no follower misses it after a crash, and a rolled-back publication announces nothing.
 */
export function registerAlertSubscribers(bus: PortalEventBus): void {
  bus.subscribe('document.published', 'in-transaction', ({ versionId }, db) => announcePublication(db, { id: versionId }));
  bus.subscribe('file.downloaded', 'after-commit', async ({ itemKind, itemId, title, userSub }, db) => {
    if (itemKind === 'document' && title !== undefined) await followDownloadedDocument(db, userSub, { id: itemId, title });
  });
  // A followed translation that caught up with its source: its followers are told (translation-catch-up.ts).
  registerTranslationCatchUpAlerts(bus);
}
