import type { Kysely } from 'kysely';
import { previewKindOf } from '@portal/contracts/previews';
import type { AuthUser } from '@portal/contracts/users';
import { notFound } from '../../platform/errors.ts';
import type { Database } from '../../platform/db/schema.ts';
import { findPreviewVersion, visibleDocuments, visibleDocumentsFilter, type ApplicableDocumentRow } from '../documents/index.ts';
import { applyingDocumentIds, withVersions } from './unit-documents.ts';
import { findUnitBySerial, type UnitRow } from './unit.repository.ts';
import { unitFacts } from './unit.service.ts';

/** The document type of a product's photo (migration 2026-11-28-72): its thumbnail is the model's picture. */
export const productPhotoType = 'productPhoto';

/** A signed-out visitor, to the access engine: no role, account or e-mail, so only what is meant for everyone. */
export const signedOutViewer: AuthUser = { sub: 'public', email: '', name: 'public', roles: [], account: null };

const isProductPhoto = (document: ApplicableDocumentRow) => document.typeCode === productPhotoType;

/**
 * The storage key of the model's picture: the preview thumbnail of the newest published version among the
 * published documents of type `productPhoto` for everyone whose product rules match the unit, an image file; `null` when
 * there is none or its thumbnail is not made yet (a type icon is no picture of the model). Only a
 * thumbnail key leaves here: never a photo's file, title or any other document.
 */
export async function unitPictureKey(db: Kysely<Database>, unit: UnitRow): Promise<string | null> {
  const { applicable } = await applyingDocumentIds(db, unitFacts(unit));
  const photos = (await visibleDocuments(db, applicable, visibleDocumentsFilter(signedOutViewer))).filter(isProductPhoto);
  // Only an image's thumbnail is a picture: another file's may be its type icon.
  const current = (await withVersions(db, signedOutViewer, photos, null)).map((entry) => entry.current).filter((version) => previewKindOf(version.fileName) === 'image');
  const newest = current.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id))[0];
  if (!newest) return null;
  return (await findPreviewVersion(db, newest.id))?.thumbnailKey ?? null;
}

/** The public address of a unit's picture. */
export const publicPicturePath = (serial: string) => `/public/units/${encodeURIComponent(serial)}/picture`;

/** The thumbnail of the model's picture for this serial; 404 `notFound`, the same for an unknown serial, otherwise. */
export async function publicPictureKey(db: Kysely<Database>, serial: string): Promise<string> {
  const unit = await findUnitBySerial(db, serial);
  const key = unit ? await unitPictureKey(db, unit) : null;
  if (!key) throw notFound('notFound', 'There is no picture for this serial number.');
  return key;
}
