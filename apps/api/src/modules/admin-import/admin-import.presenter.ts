import { importReportSchema, type AdminImport, type AdminImportSummary, type ImportPublicationBody } from '@portal/contracts/admin-import';
import type { AdminImportRow } from './admin-import.repository.ts';

/** How an import's publication is kept: `draft`, `now` or the ISO time. */
export const publicationText = (publication: ImportPublicationBody) => (typeof publication === 'string' ? publication : new Date(publication.at).toISOString());
export const publicationOf = (text: string): ImportPublicationBody => (text === 'draft' || text === 'now' ? text : { at: text });

/** An import and its progress; one whose job failed for good before the import could say so shows as failed. */
export function presentImportSummary(row: AdminImportRow): AdminImportSummary {
  const abandoned = (row.status === 'queued' || row.status === 'running') && row.jobStatus === 'failed';
  const { added, skipped, refused, failed } = row;
  return {
    id: row.id,
    source: row.source,
    kind: row.kind,
    status: abandoned ? 'failed' : row.status,
    progress: { done: added + skipped + refused + failed, total: row.total },
    counts: { added, skipped, refused, failed },
    error: abandoned ? (row.jobError ?? 'The import job stopped.') : row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
    publication: publicationOf(row.publication),
  };
}

export function presentImport(row: AdminImportRow): AdminImport {
  return { ...presentImportSummary(row), report: row.report === null ? null : importReportSchema.parse(JSON.parse(row.report)) };
}
