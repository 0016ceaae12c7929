import type { PortalEventBus } from '../../platform/events/index.ts';
import { recordAudit } from './audit.service.ts';

/** A change of a feedback item's triage status is audited with its note, in the change's transaction. */
export function registerFeedbackAudit(events: PortalEventBus): void {
  events.subscribe('feedback.status-changed', 'in-transaction', ({ feedbackId, before, status, note, origin }, db) =>
    recordAudit(db, origin, { action: 'edit', object: { kind: 'feedback', id: feedbackId }, before, after: { status, note } }),
  );
}
