import type { AdminDocument } from '@portal/contracts/admin-documents';
import type { AuditContext } from './audit-context.ts';
import type { AuditEvent } from './audit.service.ts';

/*
 * The audit entries of the publishing side, made from its events (audit.subscribers.ts). Every entry names
 * the document as its object (a version's entries too), so filtering the log by one document shows its whole story.
 */

const metadataFields = ['title', 'description', 'typeCode', 'languageCode', 'products', 'downloadable', 'variantGroup'] as const;
const audienceFields = ['audience', 'access'] as const;

type Field = (typeof metadataFields)[number] | (typeof audienceFields)[number];

const objectOf = (document: AdminDocument) => ({ kind: 'document', id: document.id });

const versionSummary = (version: AdminDocument['versions'][number]) => ({
  id: version.id,
  resourceVersion: version.resourceVersion,
  fileName: version.fileName,
  size: version.size,
  sha256: version.sha256,
  status: version.status,
  publishedAt: version.publishedAt,
  changeNote: version.changeNote,
});

function pick(document: AdminDocument, fields: readonly Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, document[field]]));
}

/** A new document (published, or imported when the import adds it) with its first version. */
export function createdEvent(context: AuditContext, document: AdminDocument): AuditEvent {
  return {
    action: context.source === 'import' ? 'import' : 'publish',
    object: objectOf(document),
    after: { serviceRef: document.serviceRef, status: document.status, ...pick(document, [...metadataFields, ...audienceFields]), version: versionSummary(document.versions[0]!) },
  };
}

/** A new version (it became the current one). */
export function versionEvent(context: AuditContext, before: AdminDocument, after: AdminDocument): AuditEvent {
  const added = after.versions.find((version) => !before.versions.some((old) => old.id === version.id)) ?? after.versions[0]!;
  return {
    action: context.source === 'import' ? 'import' : 'version',
    object: objectOf(after),
    before: { currentVersionId: before.currentVersionId },
    after: { currentVersionId: after.currentVersionId, version: versionSummary(added) },
  };
}

function changed(before: AdminDocument, after: AdminDocument, fields: readonly Field[]): Field[] {
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** An edit: one `edit` entry for metadata and one `audience` entry for audience and rules, each with only what changed. */
export function editEvents(before: AdminDocument, after: AdminDocument): AuditEvent[] {
  const events: AuditEvent[] = [];
  for (const [action, fields] of [['edit', metadataFields], ['audience', audienceFields]] as const) {
    const differing = changed(before, after, fields);
    if (differing.length > 0) events.push({ action, object: objectOf(after), before: pick(before, differing), after: pick(after, differing) });
  }
  return events;
}

const stateOf = (document: AdminDocument) => (document.scheduledAt ? { status: document.status, scheduledAt: document.scheduledAt } : { status: document.status });

/** The whole document published (now or at a scheduled time) or withdrawn. */
export function statusEvent(before: AdminDocument, after: AdminDocument): AuditEvent {
  return { action: after.status === 'unpublished' ? 'unpublish' : 'publish', object: objectOf(after), before: stateOf(before), after: stateOf(after) };
}

/** One version withdrawn; the current version may have moved. */
export function versionUnpublishedEvent(before: AdminDocument, after: AdminDocument, versionId: string): AuditEvent {
  const version = (document: AdminDocument) => document.versions.find((candidate) => candidate.id === versionId)!;
  return {
    action: 'unpublish',
    object: objectOf(after),
    before: { version: versionSummary(version(before)), currentVersionId: before.currentVersionId },
    after: { version: versionSummary(version(after)), currentVersionId: after.currentVersionId },
  };
}

/** One version deleted (no shipped unit relied on it); the current version may have moved. */
export function versionDeletedEvent(before: AdminDocument, after: AdminDocument, versionId: string): AuditEvent {
  const version = before.versions.find((candidate) => candidate.id === versionId)!;
  return {
    action: 'delete',
    object: objectOf(after),
    before: { version: versionSummary(version), currentVersionId: before.currentVersionId },
    after: { version: null, currentVersionId: after.currentVersionId },
  };
}
