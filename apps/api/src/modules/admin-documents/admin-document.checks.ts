import type { Kysely } from 'kysely';
import type { CreateDocumentMetadata, NewVersionMetadata } from '@portal/contracts/admin-documents';
import type { Database } from '../../platform/db/schema.ts';
import { documentNotFound } from '../../platform/content-kinds/not-found.ts';
import { badRequest, conflict, type ErrorDetail } from '../../platform/errors.ts';
import { findDocumentById, findDocumentByServiceRef, findVersionByLabel, existingCodes } from '../documents/index.ts';
import { assertFollowsOnTranslation, assertTranslationSource } from './translation-source.checks.ts';

/* The checks of the publishing side's writers: the routes run those that need no file before storing the upload. */

/** Version metadata as the importer and the first version give it too: without `significant`, a version is significant. */
export type VersionMetadata = Omit<NewVersionMetadata, 'significant' | 'followsRevision'> & { significant?: boolean; followsRevision?: string | null };

export const duplicateRef = (serviceRef: string) => `A document with the service reference ${serviceRef} already exists.`;
export const duplicateVersion = (label: string) => `The document already has a version ${label}.`;

export async function assertKnownCodes(db: Kysely<Database>, typeCode: string | undefined, products: string[] | undefined): Promise<void> {
  const details: ErrorDetail[] = [];
  if (typeCode !== undefined && !(await existingCodes(db, 'document_types', [typeCode])).has(typeCode)) {
    details.push({ path: 'typeCode', message: `unknown document type "${typeCode}"` });
  }
  const known = await existingCodes(db, 'products', products ?? []);
  (products ?? []).forEach((code, index) => {
    if (!known.has(code)) details.push({ path: `products.${index}`, message: `unknown product "${code}"` });
  });
  if (details.length > 0) throw badRequest('invalidParameters', 'The metadata names unknown codes.', details);
}

export async function checkNewDocument(db: Kysely<Database>, metadata: CreateDocumentMetadata): Promise<void> {
  assertTranslationSource({ languageCode: metadata.languageCode, sourceLanguage: metadata.sourceLanguage ?? null, followsRevision: metadata.followsRevision ?? null });
  if (await findDocumentByServiceRef(db, metadata.serviceRef)) throw conflict(duplicateRef(metadata.serviceRef));
  await assertKnownCodes(db, metadata.typeCode, metadata.products);
}

export async function checkNewVersion(db: Kysely<Database>, documentId: string, metadata: VersionMetadata): Promise<void> {
  const document = await findDocumentById(db, documentId);
  if (!document) throw documentNotFound();
  assertFollowsOnTranslation(document, metadata.followsRevision);
  if (await findVersionByLabel(db, documentId, metadata.resourceVersion)) throw conflict(duplicateVersion(metadata.resourceVersion));
}

/** The checks of createDocument that need no file: routes run them before storing the upload. */
export const precheckNewDocument = (deps: { db: Kysely<Database> }, metadata: CreateDocumentMetadata) => checkNewDocument(deps.db, metadata);

/** The checks of addVersion that need no file. */
export const precheckNewVersion = (deps: { db: Kysely<Database> }, documentId: string, metadata: NewVersionMetadata) =>
  checkNewVersion(deps.db, documentId, metadata);
