// The audit module's public entry: the writers other modules call, its event subscribers, and the routes and retention for app.ts and the CLI.
export { auditActorOf, auditContextOf, commandContext, userContext, type AuditActor, type AuditContext } from './audit-context.ts';
export { recordAudit, recordAudits, type AuditEvent } from './audit.service.ts';
export { verifyAuditChain } from './audit-verify.ts';
export { auditCheckpointing, verifyWithCheckpoints, type AuditCheckpointing } from './audit-checkpointing.ts';
export { writeCheckpoint } from './audit-checkpoint.ts';
export { pruneAuditOlderThan, type PruneResult } from './audit-retention.ts';
export { auditRoutes } from './audit.routes.ts';
export { registerAuditSubscribers } from './audit.subscribers.ts';
export { registerReleaseAudit } from './release-audit-subscribers.ts';
export { registerFeedbackAudit } from './feedback-audit-subscribers.ts';
export { registerUserAudit } from './user-audit-subscribers.ts';
// The audit log's part of the personal-data export, and the erasure that rewrites entries and records itself (privacy).
export { auditPersonalData, eraseFromAuditLog } from './audit-erasure.ts';
export { type AuditNames } from './audit-names.ts';
