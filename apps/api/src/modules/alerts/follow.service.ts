import type { Kysely } from 'kysely';
import type { Follow, FollowListResponse, FollowParams } from '@portal/contracts/alerts';
import type { AuthUser } from '@portal/contracts/users';
import { documentSubject, isPublished } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { documentNotFound, softwareItemNotFound } from '../../platform/content-kinds/not-found.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { subjectVisible } from '../access/index.ts';
import { assertCanReadLibrary, findLibrary } from '../cad/index.ts';
import type { UnitAlertLookups } from './alert-deps.ts';
import { findFollowableDocument, findProduct } from '../documents/index.ts';
import { findItemById } from '../software/index.ts';
import { deleteFollow, findFollow, insertFollow, listFollows, setFollowMail, type FollowRow } from './follow.repository.ts';
import { getPreferences } from './preference.service.ts';
import { documentVisible } from './release-access.ts';
import { normaliseSearch } from './search-follow.ts';

/** What following needs: the database, and the units module's answer to who may see a unit. */
export interface FollowDeps {
  db: Kysely<Database>;
  units: UnitAlertLookups;
}

const present = (row: FollowRow): Follow => ({
  kind: row.kind, itemId: row.itemId, title: row.title, automatic: row.automatic === 1, mail: Number(row.mail) === 1, createdAt: row.createdAt,
});

/** The document's title when the user may see it: 404 when absent or unpublished, 403 outside its audience. */
async function visibleDocumentTitle(db: Kysely<Database>, user: AuthUser, documentId: string): Promise<string> {
  const document = await findFollowableDocument(db, documentId);
  if (!document) throw documentNotFound();
  if (!(await documentVisible(db, user, documentId))) {
    if (!isPublished(documentSubject, document)) throw documentNotFound();
    throw forbidden('You are not allowed to see this document.');
  }
  return document.title;
}

/** What the follow is of, checked: the item exists and the user may see it (its title), or the search normalised. */
async function resolveItem(db: Kysely<Database>, units: UnitAlertLookups, user: AuthUser, { kind, itemId }: FollowParams): Promise<{ itemId: string; title: string }> {
  switch (kind) {
    case 'document':
      return { itemId, title: await visibleDocumentTitle(db, user, itemId) };
    case 'software': {
      const item = await findItemById(db, itemId);
      if (!item) throw softwareItemNotFound('follow');
      if (!(await subjectVisible(db, user, 'software-item', item, (row) => row.id))) throw forbidden('You are not allowed to see this software.');
      return { itemId, title: item.name };
    }
    case 'product': {
      const product = await findProduct(db, itemId);
      if (!product) throw notFound('notFound', 'There is no such product.');
      return { itemId, title: product.name };
    }
    case 'search': {
      const query = normaliseSearch(itemId);
      return { itemId: query, title: query };
    }
    case 'unit': {
      const unit = await units.readableUnit(db, user, itemId);
      return { itemId: unit.serialNumber, title: `${unit.productCode} ${unit.serialNumber}` };
    }
    case 'cad-library': {
      const library = await assertCanReadLibrary(db, user, await findLibrary(db, itemId));
      return { itemId, title: library.name };
    }
  }
}

/** PUT /api/Follows/:kind/:itemId (following again changes nothing but makes an automatic follow a chosen one). */
export async function follow({ db, units }: FollowDeps, user: AuthUser, params: FollowParams): Promise<Follow> {
  const { itemId, title } = await resolveItem(db, units, user, params);
  await insertFollow(db, { userSub: user.sub, kind: params.kind, itemId, title, automatic: 0 }, new Date().toISOString());
  return present((await findFollow(db, user.sub, params.kind, itemId))!);
}

/** DELETE /api/Follows/:kind/:itemId: 404 when the user does not follow it. */
export async function unfollow(db: Kysely<Database>, user: AuthUser, { kind, itemId }: FollowParams): Promise<void> {
  const stored = kind === 'search' ? normaliseSearch(itemId) : itemId;
  if ((await deleteFollow(db, user.sub, kind, stored)) === 0) throw notFound('notFound', 'You do not follow this.');
}

/** PATCH /api/Follows/:kind/:itemId: whether this item's news also comes by mail; 404 when the user does not follow it. */
export async function setMyFollowMail(db: Kysely<Database>, user: AuthUser, { kind, itemId }: FollowParams, mail: boolean): Promise<Follow> {
  const stored = kind === 'search' ? normaliseSearch(itemId) : itemId;
  if (!(await setFollowMail(db, user.sub, kind, stored, mail))) throw notFound('notFound', 'You do not follow this.');
  return present((await findFollow(db, user.sub, kind, stored))!);
}

/** GET /api/Follows */
export async function myFollows(db: Kysely<Database>, user: AuthUser): Promise<FollowListResponse> {
  return { items: (await listFollows(db, user.sub)).map(present) };
}

/**
 * A download of a document the user could read: they follow it from now on, unless they turned
 * automatic follows off or already follow it.
 */
export async function followDownloadedDocument(db: Kysely<Database>, userSub: string, document: { id: string; title: string }): Promise<void> {
  if (!(await getPreferences(db, userSub)).autoFollowDownloads) return;
  await insertFollow(db, { userSub, kind: 'document', itemId: document.id, title: document.title, automatic: 1 }, new Date().toISOString());
}
