import type { AdminJob, AdminJobSubject } from '@portal/contracts/admin-jobs';
import type { ConsoleJobRow } from '../../platform/jobs/job-console.repository.ts';
import type { VersionSubjectRow } from '../documents/index.ts';

/** The version a job's payload names (`{ versionId }`, as the preview jobs carry), or null. */
export function payloadVersionId(row: Pick<ConsoleJobRow, 'payload'>): string | null {
  try {
    const payload = JSON.parse(row.payload) as unknown;
    if (payload && typeof payload === 'object' && 'versionId' in payload && typeof payload.versionId === 'string') return payload.versionId;
  } catch {
    // A payload that is not JSON names nothing to show.
  }
  return null;
}

export function presentAdminJob(row: ConsoleJobRow, subjects: ReadonlyMap<string, VersionSubjectRow>): AdminJob {
  const versionId = payloadVersionId(row);
  const subject: AdminJobSubject | null = (versionId && subjects.get(versionId)) || null;
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
