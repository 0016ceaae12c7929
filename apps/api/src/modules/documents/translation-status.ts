import type { Kysely } from 'kysely';
import type { TranslationStatus } from '@portal/contracts/documents';
import type { Database } from '../../platform/db/schema.ts';
import { sourceVersions, translationFieldsOf, type SourceVersionRow } from './translation-source.repository.ts';

/** What of a document says whether it is a translation and of what. */
export interface TranslationFields {
  id: string;
  variantGroup: string;
  sourceLanguage: string | null;
  followsRevision: string | null;
}

/**
 * Where a translation stands against its source's published versions (newest first): it is behind when a
 * significant version is newer than the one it follows (or when it follows a revision the source does not have
 * while the source has a significant one). Minor versions never make a translation behind.
 */
export function translationStatusOf(
  translation: { sourceLanguage: string; followsRevision: string },
  sourceDocumentId: string | null,
  newestFirst: ReadonlyArray<Pick<SourceVersionRow, 'resourceVersion' | 'significant'>>,
): TranslationStatus {
  const latest = newestFirst.find((version) => version.significant === 1) ?? null;
  const followed = newestFirst.findIndex((version) => version.resourceVersion === translation.followsRevision);
  const newer = followed === -1 ? newestFirst : newestFirst.slice(0, followed);
  return {
    sourceLanguage: translation.sourceLanguage,
    follows: translation.followsRevision,
    sourceLatest: latest?.resourceVersion ?? null,
    sourceDocumentId,
    behind: latest !== null && latest.resourceVersion !== translation.followsRevision && newer.some((version) => version.significant === 1),
  };
}

const groupKey = (variantGroup: string, languageCode: string) => `${variantGroup}\u0000${languageCode}`;

/** The translation status of each document that is a translation (sources and documents without one are left out). */
export async function translationStatuses(db: Kysely<Database>, documents: readonly TranslationFields[]): Promise<Map<string, TranslationStatus>> {
  const translations = documents.flatMap((document) =>
    document.sourceLanguage && document.followsRevision
      ? [{ id: document.id, variantGroup: document.variantGroup, sourceLanguage: document.sourceLanguage, followsRevision: document.followsRevision }]
      : [],
  );
  const statuses = new Map<string, TranslationStatus>();
  if (translations.length === 0) return statuses;
  const rows = await sourceVersions(db, translations.map(({ variantGroup, sourceLanguage }) => ({ variantGroup, languageCode: sourceLanguage })));
  // One source per group and language: the first document (by id) found there.
  const bySource = new Map<string, { documentId: string; versions: SourceVersionRow[] }>();
  for (const row of rows) {
    const key = groupKey(row.variantGroup, row.languageCode);
    const source = bySource.get(key) ?? bySource.set(key, { documentId: row.documentId, versions: [] }).get(key)!;
    if (source.documentId === row.documentId) source.versions.push(row);
  }
  for (const translation of translations) {
    const source = bySource.get(groupKey(translation.variantGroup, translation.sourceLanguage));
    statuses.set(translation.id, translationStatusOf(translation, source?.documentId ?? null, source?.versions ?? []));
  }
  return statuses;
}

/** The translation status of one document, or null when it is no translation. */
export async function translationStatus(db: Kysely<Database>, document: TranslationFields): Promise<TranslationStatus | null> {
  return (await translationStatuses(db, [document])).get(document.id) ?? null;
}

/** The translation status of each document among `ids` that is a translation (search cards and unit pages carry it). */
export async function translationStatusesOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, TranslationStatus>> {
  return translationStatuses(db, await translationFieldsOf(db, ids));
}
