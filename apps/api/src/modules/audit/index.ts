// The audit module's public entry: the writers every other module calls, and the routes and retention for app.ts and the CLI.
export { auditActorOf, auditContextOf, commandContext, userContext, type AuditActor, type AuditContext } from './audit-context.ts';
export { recordAudit, recordAudits, verifyAuditChain, type AuditEvent } from './audit.service.ts';
export { pruneAuditOlderThan, type PruneResult } from './audit-retention.ts';
export { auditRoutes } from './audit.routes.ts';
export { csvCell } from './audit-csv.ts';
