import type { Kysely, Selectable } from 'kysely';
import type { Database, FavoriteItemKind, FavoritesTable } from '../../platform/db/schema.ts';
import type { DocumentFilter } from '../documents/document.repository.ts';

export type FavoriteRow = Selectable<FavoritesTable>;

/** The user's favourites (of one kind, or all), newest first. */
export async function listFavoriteRows(db: Kysely<Database>, userSub: string, kind?: FavoriteItemKind): Promise<FavoriteRow[]> {
  let query = db.selectFrom('favorites').selectAll().where('userSub', '=', userSub);
  if (kind) query = query.where('itemKind', '=', kind);
  return query.orderBy('createdAt', 'desc').orderBy('itemId').execute();
}

/** Adds the favourite unless the user already has it; answers the stored row (the first one's date). */
export async function insertFavorite(db: Kysely<Database>, row: FavoriteRow): Promise<FavoriteRow> {
  await db
    .insertInto('favorites')
    .values(row)
    .onConflict((conflict) => conflict.columns(['userSub', 'itemKind', 'itemId']).doNothing())
    .execute();
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('userSub', '=', row.userSub)
    .where('itemKind', '=', row.itemKind)
    .where('itemId', '=', row.itemId)
    .executeTakeFirstOrThrow();
}

export async function deleteFavorite(db: Kysely<Database>, userSub: string, itemKind: FavoriteItemKind, itemId: string): Promise<void> {
  await db
    .deleteFrom('favorites')
    .where('userSub', '=', userSub)
    .where('itemKind', '=', itemKind)
    .where('itemId', '=', itemId)
    .execute();
}

export interface FavoriteDocumentRow {
  id: string;
  serviceRef: string;
  title: string;
  typeCode: string;
  languageCode: string;
  downloadable: number;
  fileName: string;
  resourceVersion: string;
  thumbnailKey: string | null;
}

/** The documents among `ids` that pass `visible`, with their current version. */
export async function findFavoriteDocuments(
  db: Kysely<Database>,
  ids: readonly string[],
  visible: DocumentFilter,
): Promise<FavoriteDocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents')
    .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
    .select([
      'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
      'documents.downloadable', 'document_versions.fileName', 'document_versions.resourceVersion', 'document_versions.thumbnailKey',
    ])
    .where('documents.id', 'in', [...new Set(ids)])
    .where(visible)
    .execute();
}
