import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A published version of a source document, as "behind" is computed from it. */
export interface SourceVersionRow {
  documentId: string;
  variantGroup: string;
  languageCode: string;
  resourceVersion: string;
  significant: number;
}

/** How many variant groups one query reads at most (a page of results holds far fewer). */
const groupsPerQuery = 500;

/**
 * The published versions of the source documents (those naming no source themselves) of these variant
 * groups in these languages, each document's newest first.
 */
export async function sourceVersions(
  db: Kysely<Database>,
  wanted: ReadonlyArray<{ variantGroup: string; languageCode: string }>,
): Promise<SourceVersionRow[]> {
  const groups = [...new Set(wanted.map((want) => want.variantGroup))];
  const languages = [...new Set(wanted.map((want) => want.languageCode))];
  const rows: SourceVersionRow[] = [];
  for (let start = 0; start < groups.length; start += groupsPerQuery) {
    rows.push(
      ...(await db
        .selectFrom('document_versions')
        .innerJoin('documents', 'documents.id', 'document_versions.documentId')
        .select([
          'documents.id as documentId',
          'documents.variantGroup',
          'documents.languageCode',
          'document_versions.resourceVersion',
          'document_versions.significant',
        ])
        .where('documents.variantGroup', 'in', groups.slice(start, start + groupsPerQuery))
        .where('documents.languageCode', 'in', languages)
        .where('documents.sourceLanguage', 'is', null)
        .where('document_versions.status', '=', 'published')
        .orderBy('documents.id')
        .orderBy('document_versions.publishedAt', 'desc')
        .orderBy('document_versions.createdAt', 'desc')
        .orderBy('document_versions.id', 'desc')
        .execute()),
    );
  }
  return rows;
}

/** What names the source of each translation among these documents (sources are left out). */
export async function translationFieldsOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Array<{ id: string; variantGroup: string; sourceLanguage: string | null; followsRevision: string | null }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'variantGroup', 'sourceLanguage', 'followsRevision'])
    .where('id', 'in', [...ids])
    .where('sourceLanguage', 'is not', null)
    .execute();
}
