import type { PortalEventBus } from '../../platform/events/index.ts';
import { recordAudit, recordAudits } from './audit.service.ts';
import { createdEvent, editEvents, statusEvent, versionDeletedEvent, versionEvent, versionUnpublishedEvent } from './document-audit-entries.ts';

/**
 * The audit log hears of changes through the events of the modules that make them. Every entry is written
 * `in-transaction`: it commits with the change it describes or not at all, so the log can never miss a change
 * nor record one that was rolled back. Registered last (event-subscribers.ts), it takes the chain's lock late.
 */
export function registerAuditSubscribers(bus: PortalEventBus): void {
  bus.subscribe('document.version-added', 'in-transaction', ({ before, after, origin }, db) =>
    recordAudit(db, origin, before ? versionEvent(origin, before, after) : createdEvent(origin, after)),
  );
  bus.subscribe('document.edited', 'in-transaction', ({ before, after, origin }, db) => recordAudits(db, origin, editEvents(before, after)));
  bus.subscribe('document.status-changed', 'in-transaction', ({ before, after, origin }, db) => recordAudit(db, origin, statusEvent(before, after)));
  bus.subscribe('document.version-withdrawn', 'in-transaction', ({ before, after, versionId, origin }, db) =>
    recordAudit(db, origin, versionUnpublishedEvent(before, after, versionId)),
  );
  bus.subscribe('document.version-deleted', 'in-transaction', ({ before, after, versionId, origin }, db) =>
    recordAudit(db, origin, versionDeletedEvent(before, after, versionId)),
  );
  bus.subscribe('file.downloaded', 'in-transaction', ({ itemKind, itemId, versionId, versionLabel, fileName, fileId, origin }, db) =>
    recordAudit(db, origin, { action: 'download', object: { kind: itemKind, id: itemId }, after: { versionId, versionLabel, fileName, fileId } }),
  );
}
