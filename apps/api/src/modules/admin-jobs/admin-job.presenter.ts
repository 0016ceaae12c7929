import type { AdminJob, AdminJobSubject } from '@portal/contracts/admin-jobs';
import type { ConsoleJobRow } from '../../platform/jobs/job-console.repository.ts';
import type { VersionSubjectRow } from '../documents/index.ts';

/** A string field of a job's JSON payload, or null (no such field, or a payload that is not JSON). */
function payloadField(row: Pick<ConsoleJobRow, 'payload'>, field: 'versionId' | 'documentId'): string | null {
  try {
    const payload = JSON.parse(row.payload) as unknown;
    if (payload && typeof payload === 'object' && field in payload) {
      const value = (payload as Record<string, unknown>)[field];
      if (typeof value === 'string') return value;
    }
  } catch {
    // A payload that is not JSON names nothing to show.
  }
  return null;
}

/** The version a job's payload names (`{ versionId }`, as the preview and notification jobs carry), or null. */
export const payloadVersionId = (row: Pick<ConsoleJobRow, 'payload'>) => payloadField(row, 'versionId');

/** The document a job's payload names (`{ documentId }`, as a scheduled publication carries), or null. */
export const payloadDocumentId = (row: Pick<ConsoleJobRow, 'payload'>) => payloadField(row, 'documentId');

/** Title and reference of a live document, by id. */
export type DocumentNames = ReadonlyMap<string, { title: string; ref: string }>;

function documentSubject(documentId: string | null, documents: DocumentNames): AdminJobSubject | null {
  const named = documentId ? documents.get(documentId) : undefined;
  return named ? { documentId: documentId!, serviceRef: named.ref, title: named.title, versionId: null, resourceVersion: null, fileName: null } : null;
}

export function presentAdminJob(row: ConsoleJobRow, subjects: ReadonlyMap<string, VersionSubjectRow>, documents: DocumentNames = new Map()): AdminJob {
  const versionId = payloadVersionId(row);
  const subject: AdminJobSubject | null = (versionId && subjects.get(versionId)) || documentSubject(payloadDocumentId(row), documents);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.lastError,
    runAfter: row.runAfter,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    subject: subject && { ...subject },
  };
}
