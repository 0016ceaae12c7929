import type { PortalEventBus } from '../../platform/events/index.ts';
import { recordAudit, recordAudits } from './audit.service.ts';
import { libraryVersionEvent, softwareCreatedEvent, softwareEditEvents, softwareVersionEditEvents, softwareVersionEvent } from './release-audit-entries.ts';

/**
 * Audits software and CAD publishing. In the transaction of the change: its entry commits or rolls back with it,
 * so the chain never misses a change nor records one that did not happen. Each event is emitted last in its
 * transaction, so the chain's lock is held only until the commit.
 */
export function registerReleaseAudit(events: PortalEventBus): void {
  events.subscribe('software.item-created', 'in-transaction', ({ item, origin }, db) => recordAudit(db, origin, softwareCreatedEvent(item)));
  events.subscribe('software.item-changed', 'in-transaction', ({ before, item, origin }, db) => recordAudits(db, origin, softwareEditEvents(before, item)));
  events.subscribe('software.version-published', 'in-transaction', ({ item, versionId, changeNote, demoted, origin }, db) =>
    recordAudit(db, origin, softwareVersionEvent(item, versionId, changeNote, demoted)),
  );
  events.subscribe('software.version-changed', 'in-transaction', ({ before, item, versionId, changeNote, demoted, origin }, db) =>
    recordAudits(db, origin, softwareVersionEditEvents(before, item, versionId, changeNote, demoted)),
  );
  events.subscribe('cad.release-published', 'in-transaction', ({ library, versionId, origin }, db) => recordAudit(db, origin, libraryVersionEvent(library, versionId)));
  events.subscribe('cad.catalogue-imported', 'in-transaction', ({ before, report, origin }, db) => {
    const { format, counts, added, removed, removedCadFiles } = report;
    return recordAudit(db, origin, { action: 'import', object: { kind: 'cad', id: 'catalogue' }, before: { counts: before }, after: { format, counts, added, removed, removedCadFiles } });
  });
}
