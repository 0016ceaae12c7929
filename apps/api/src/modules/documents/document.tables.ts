import type { Generated } from 'kysely';
import type { AccessRuleKind, DocumentAudience } from '../../platform/db/schema.ts';

export interface DocumentTypesTable {
  code: string;
  name: string;
}

export interface ProductsTable {
  code: string;
  name: string;
  family: string;
  /** Expected lifetime of the product's machines in years (1–100, default 10): how long their instructions are kept at least. */
  lifetimeYears: Generated<number>;
}

export type PublicationStatus = 'published' | 'unpublished';

/** A document may also wait for its scheduled publication (hidden from readers, like unpublished). */
export type DocumentStatus = PublicationStatus | 'scheduled';

export interface DocumentsTable {
  id: string;
  /** Stable public reference, letters and digits only (used in /DocumentLink/{serviceRef}-{resourceVersion}). */
  serviceRef: string;
  /** Documents sharing a group are language variants of one another. */
  variantGroup: string;
  title: string;
  description: Generated<string>;
  typeCode: string;
  languageCode: string;
  /** Of a translation: the language of its variant group's source document; null on a source. */
  sourceLanguage: string | null;
  /** Of a translation: the source's revision (resourceVersion) it was translated from. */
  followsRevision: string | null;
  downloadable: Generated<number>;
  /** 'everyone' signed in, or 'restricted' to the rules in document_access (staff always see all). */
  audience: Generated<DocumentAudience>;
  status: Generated<DocumentStatus>;
  /** When a `scheduled` document is published (ISO time); null in the other states. */
  scheduledAt: string | null;
  /** The newest published version; kept up to date in the same transaction as the versions. */
  currentVersionId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentProductsTable {
  documentId: string;
  productCode: string;
}

export interface DocumentVersionsTable {
  id: string;
  documentId: string;
  resourceVersion: string;
  fileName: string;
  size: number;
  mediaType: string;
  sha256: string;
  storageKey: string;
  status: Generated<PublicationStatus>;
  publishedAt: string;
  changeNote: Generated<string>;
  /** 1 when the version is a significant change (followers are alerted), 0 for a minor one. */
  significant: Generated<number>;
  pageCount: number | null;
  thumbnailKey: string | null;
  /** PDF rendition of an Office file. */
  previewPdfKey: string | null;
  /** Poster frame of a video. */
  posterKey: string | null;
  previewError: string | null;
  createdAt: string;
}

export interface DocumentTextsTable {
  versionId: string;
  body: string;
}

/** Who may see a `restricted` document, and the named-user grants. */
export interface DocumentAccessTable {
  documentId: string;
  kind: AccessRuleKind;
  /** A role name, an account id, or a user's e-mail (lower case). */
  value: string;
  expiresAt: string | null;
  grantedBy: string | null;
  createdAt: string;
}

/** The tables documents owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface DocumentTables {
  document_types: DocumentTypesTable;
  products: ProductsTable;
  documents: DocumentsTable;
  document_products: DocumentProductsTable;
  document_versions: DocumentVersionsTable;
  document_texts: DocumentTextsTable;
  document_access: DocumentAccessTable;
}
