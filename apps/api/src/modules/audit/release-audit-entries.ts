import type { AdminCadLibrary, AdminSoftwareItem, AdminSoftwareVersion } from '@portal/contracts/admin-software';
import type { AuditEvent } from './audit.service.ts';

/*
 * The audit entries of the software and CAD publishing side (release-audit-subscribers.ts writes them). A software version's entries name its
 * item as their object (as a document's versions do), a library version's its library.
 */

const itemObject = (item: AdminSoftwareItem) => ({ kind: 'software', id: item.id });

const itemMetadata = ['equipmentName', 'name', 'category', 'description', 'compatibleEquipment'] as const;
const itemAudience = ['audience', 'access'] as const;
const versionMetadata = ['status', 'releaseDate', 'releaseNotesDocumentId'] as const;
const versionAudience = ['audience', 'access'] as const;

function pick<T extends object>(value: T, fields: ReadonlyArray<keyof T>): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, value[field]]));
}

/** `edit` with the metadata that changed and `audience` with the audience that changed, each only when something did. */
function changeEvents<T extends object>(
  object: AuditEvent['object'],
  before: T,
  after: T,
  groups: ReadonlyArray<readonly ['edit' | 'audience', ReadonlyArray<keyof T>]>,
  extra: Record<string, unknown> = {},
): AuditEvent[] {
  const events: AuditEvent[] = [];
  for (const [action, fields] of groups) {
    const changed = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
    if (changed.length > 0) events.push({ action, object, before: { ...extra, ...pick(before, changed) }, after: { ...extra, ...pick(after, changed) } });
  }
  return events;
}

const versionSummary = (version: AdminSoftwareVersion) => ({
  id: version.id,
  versionNumber: version.versionNumber,
  releaseDate: version.releaseDate,
  status: version.status,
  audience: version.audience,
  access: version.access,
  releaseNotesDocumentId: version.releaseNotesDocumentId,
  files: version.files.map(({ fileName, size, sha256 }) => ({ fileName, size, sha256 })),
});

/** A new software item (it is visible at once to its audience). */
export function softwareCreatedEvent(item: AdminSoftwareItem): AuditEvent {
  return { action: 'publish', object: itemObject(item), after: pick(item, [...itemMetadata, ...itemAudience]) };
}

export function softwareEditEvents(before: AdminSoftwareItem, after: AdminSoftwareItem): AuditEvent[] {
  return changeEvents(itemObject(after), before, after, [['edit', itemMetadata], ['audience', itemAudience]]);
}

/** A new version; `demoted` are the versions it turned from current into previous. */
export function softwareVersionEvent(item: AdminSoftwareItem, versionId: string, changeNote: string, demoted: readonly string[]): AuditEvent {
  const version = item.versions.find((candidate) => candidate.id === versionId)!;
  return { action: 'version', object: itemObject(item), after: { version: versionSummary(version), changeNote, demoted } };
}

export function softwareVersionEditEvents(
  before: AdminSoftwareItem,
  after: AdminSoftwareItem,
  versionId: string,
  changeNote: string,
  demoted: readonly string[],
): AuditEvent[] {
  const find = (item: AdminSoftwareItem) => item.versions.find((candidate) => candidate.id === versionId)!;
  const events = changeEvents(itemObject(after), find(before), find(after), [['edit', versionMetadata], ['audience', versionAudience]], { versionId });
  return events.map((event) => ({ ...event, after: { ...(event.after as object), changeNote, ...(event.action === 'edit' && demoted.length > 0 ? { demoted } : {}) } }));
}

/** A new version of a partner CAD library. */
export function libraryVersionEvent(library: AdminCadLibrary, versionId: string): AuditEvent {
  const version = library.versions.find((candidate) => candidate.id === versionId)!;
  return {
    action: 'version',
    object: { kind: 'cad-library', id: library.id },
    after: {
      version: { id: version.id, version: version.version, releaseDate: version.releaseDate, notes: version.notes, files: version.files.map(({ fileName, size, sha256 }) => ({ fileName, size, sha256 })) },
    },
  };
}
