import type { Generated } from 'kysely';

/*
 * Conventions shared by every table, so one query runs on SQLite and PostgreSQL alike:
 * - ids are text (UUIDs or stable references);
 * - times are ISO-8601 text in UTC (sortable as text);
 * - booleans are integers 0/1;
 * - JSON lists are text, parsed by the repository that owns them.
 */

export interface UsersTable {
  id: string;
  sub: string;
  email: string;
  name: string;
  roles: string;
  account: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

export interface DocumentTypesTable {
  code: string;
  name: string;
}

export interface ProductsTable {
  code: string;
  name: string;
  family: string;
}

export type DocumentAudience = 'everyone' | 'restricted';
export type PublicationStatus = 'published' | 'unpublished';

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
  downloadable: Generated<number>;
  /** 'everyone' signed in, or 'restricted' to the rules in document_access (staff always see all). */
  audience: Generated<DocumentAudience>;
  status: Generated<PublicationStatus>;
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

export type AccessRuleKind = 'role' | 'account' | 'user';

export interface DocumentAccessTable {
  documentId: string;
  kind: AccessRuleKind;
  /** A role name, an account id, or a user's e-mail (lower case). */
  value: string;
  expiresAt: string | null;
  grantedBy: string | null;
  createdAt: string;
}

export interface DocumentSearchTable {
  documentId: string;
  title: string;
  body: string;
}

export type DownloadItemKind = 'document' | 'software' | 'cad';

export interface DownloadRecordsTable {
  id: string;
  userSub: string;
  itemKind: DownloadItemKind;
  itemId: string;
  versionId: string | null;
  versionLabel: string;
  fileName: string;
  createdAt: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  dedupeKey: string | null;
  status: JobStatus;
  attempts: Generated<number>;
  runAfter: string;
  lockedBy: string | null;
  lockedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Database {
  users: UsersTable;
  settings: SettingsTable;
  document_types: DocumentTypesTable;
  products: ProductsTable;
  documents: DocumentsTable;
  document_products: DocumentProductsTable;
  document_versions: DocumentVersionsTable;
  document_texts: DocumentTextsTable;
  document_access: DocumentAccessTable;
  document_search: DocumentSearchTable;
  download_records: DownloadRecordsTable;
  jobs: JobsTable;
}

export type { Generated };
