import type { PortalEventBus } from '../../platform/events/index.ts';
import { announceCadLibraryRelease, announceSoftwareVersion } from './release-announcement.ts';

/**
 * Tells the followers of software and CAD releases. In the transaction of the release: the fan-out job then
 * exists exactly when the version does, so no announcement is lost (and a failure to queue it undoes the release).
 */
export function registerReleaseAlerts(events: PortalEventBus): void {
  events.subscribe('software.version-published', 'in-transaction', ({ versionId }, db) => announceSoftwareVersion(db, { id: versionId }));
  events.subscribe('software.version-changed', 'in-transaction', async ({ versionId, mayReachMore, changedAt }, db) => {
    if (mayReachMore) await announceSoftwareVersion(db, { id: versionId }, `changed ${changedAt}`);
  });
  events.subscribe('cad.release-published', 'in-transaction', ({ versionId }, db) => announceCadLibraryRelease(db, { id: versionId }));
}
