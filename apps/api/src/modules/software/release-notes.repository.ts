import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentFilter } from '../documents/index.ts';

export interface ReleaseNotesRow {
  documentId: string;
  serviceRef: string;
  title: string;
  /** File name of the document's current version. */
  fileName: string;
}

/** The release-notes documents among `documentIds` that pass `filter` (the user's document access; all when absent), by id. */
export async function findReleaseNotes(
  db: Kysely<Database>,
  documentIds: readonly string[],
  filter?: DocumentFilter,
): Promise<Map<string, ReleaseNotesRow>> {
  if (documentIds.length === 0) return new Map();
  let query = db
    .selectFrom('documents')
    .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
    .select(['documents.id as documentId', 'documents.serviceRef', 'documents.title', 'document_versions.fileName'])
    .where('documents.id', 'in', [...new Set(documentIds)]);
  if (filter) query = query.where(filter);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.documentId, row]));
}
