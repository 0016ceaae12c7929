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
  /** As written; not searched. */
  title: string;
  /** The indexed tokens (folded words and tagged stems, see the search module's search-text.ts): title and document number, and text. */
  titleTerms: string;
  bodyTerms: string;
}

/** Per indexed word or stem token, how many documents hold it (typo corrections, "did you mean"). */
export interface SearchVocabularyTable {
  word: string;
  documents: number;
}

/** Work the server does on start: `rebuild` re-creates every document's index row. */
export interface SearchIndexTasksTable {
  task: string;
}

/** SQLite only: the FTS5 rowid of each document's index row (FTS5 cannot look rows up by documentId). */
export interface DocumentSearchRowidsTable {
  searchRowid: Generated<number>;
  documentId: string;
}

export type DownloadItemKind = 'document' | 'software' | 'cad' | 'unit';

export interface DownloadRecordsTable {
  id: string;
  userSub: string;
  itemKind: DownloadItemKind;
  itemId: string;
  versionId: string | null;
  versionLabel: string;
  fileName: string;
  /** The file of a software version, CAD set or library; null for a whole version or set as a zip. */
  fileId: string | null;
  createdAt: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** An import sent from the browser; `report` (JSON) is written when it ends, `audit` (JSON) is who sent it, from where. */
export interface AdminImportsTable {
  id: string;
  source: string;
  kind: 'zip' | 'folder';
  status: 'queued' | 'running' | 'done' | 'failed';
  total: Generated<number>;
  added: Generated<number>;
  skipped: Generated<number>;
  refused: Generated<number>;
  failed: Generated<number>;
  report: string | null;
  error: string | null;
  audit: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

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

/** Audience rules of software and CAD content (the counterpart of document_access). */
export type ContentSubjectType = 'software-item' | 'software-version' | 'cad-family' | 'cad-library';

export interface ContentAccessTable {
  subjectType: ContentSubjectType;
  subjectId: string;
  kind: AccessRuleKind;
  value: string;
  expiresAt: string | null;
  createdAt: string;
}

export interface SoftwareItemsTable {
  id: string;
  /** Public name used in page paths (`software/{softwareEquipmentName}`). */
  equipmentName: string;
  name: string;
  category: string;
  description: Generated<string>;
  /** JSON list of equipment names or product codes. */
  compatibleEquipment: Generated<string>;
  audience: Generated<DocumentAudience>;
  createdAt: string;
  updatedAt: string;
}

export type SoftwareStatus = 'current' | 'previous' | 'beta';

export interface SoftwareVersionsTable {
  id: string;
  itemId: string;
  versionNumber: string;
  releaseDate: string;
  status: SoftwareStatus;
  audience: Generated<DocumentAudience>;
  releaseNotesDocumentId: string | null;
  createdAt: string;
}

/** A stored file (software, CAD component or library); the bytes live in FileStorage under storageKey. */
export interface StoredFileColumns {
  id: string;
  fileName: string;
  size: number;
  mediaType: string;
  sha256: string;
  storageKey: string;
  createdAt: string;
}

export interface SoftwareFilesTable extends StoredFileColumns {
  versionId: string;
}

export interface CadFamiliesTable {
  code: string;
  name: string;
  description: Generated<string>;
  audience: Generated<DocumentAudience>;
  sortOrder: Generated<number>;
}

export interface CadModelsTable {
  code: string;
  familyCode: string;
  name: string;
  description: Generated<string>;
  revision: string;
  sortOrder: Generated<number>;
}

export interface CadOptionGroupsTable {
  modelCode: string;
  code: string;
  label: string;
  sortOrder: Generated<number>;
}

export interface CadOptionValuesTable {
  modelCode: string;
  groupCode: string;
  code: string;
  label: string;
  sortOrder: Generated<number>;
}

export interface CadOptionExclusionsTable {
  modelCode: string;
  valueA: string;
  valueB: string;
  reason: string;
}

export interface CadFilesTable extends StoredFileColumns {
  modelCode: string;
  format: string;
  component: string;
  /** JSON list of option value codes; the file belongs to a configuration holding all of them. */
  requiredOptions: Generated<string>;
}

export interface CadLibrariesTable {
  id: string;
  cadTool: string;
  name: string;
  description: Generated<string>;
  /** JSON list of product codes. */
  productCodes: Generated<string>;
  audience: Generated<DocumentAudience>;
  createdAt: string;
}

export interface CadLibraryVersionsTable {
  id: string;
  libraryId: string;
  version: string;
  releaseDate: string;
  notes: Generated<string>;
  createdAt: string;
}

export interface CadLibraryFilesTable extends StoredFileColumns {
  versionId: string;
}

export type FavoriteItemKind = 'document' | 'software' | 'cad';

export interface FavoritesTable {
  userSub: string;
  itemKind: FavoriteItemKind;
  itemId: string;
  /** The item's title when it was saved, shown if the item loses its own. */
  title: string;
  createdAt: string;
}

/** One stored object of the embedded sign-in provider (session, grant, code, token …); payload is its JSON. */
export interface OidcModelsTable {
  model: string;
  id: string;
  payload: string;
  expiresAt: string | null;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  consumedAt: string | null;
}

/** Keys and secrets every API process must share (signing keys, cookie keys, the file URL secret). */
export interface SharedSecretsTable {
  name: string;
  value: string;
  updatedAt: string;
}

/** Accounts of the embedded provider: password hash (scrypt), roles as a JSON list, disabled 0/1. */
export interface LocalAccountsTable {
  sub: string;
  email: string;
  name: string;
  passwordHash: string;
  roles: string;
  account: string | null;
  disabled: number;
  createdAt: string;
  updatedAt: string;
}

/** One audit entry (append-only); `hash` = sha256 of `prevHash` and the canonical entry. Times ISO text, lists and values JSON text. */
export interface AuditEntriesTable {
  seq: number;
  at: string;
  /** E-mail of the user, or `operator <name>` for a command on the server. */
  actor: string | null;
  actorSub: string | null;
  actorRoles: string;
  actorAccount: string | null;
  action: string;
  objectKind: string;
  objectId: string;
  before: string | null;
  after: string | null;
  address: string | null;
  userAgent: string | null;
  prevHash: string;
  hash: string;
}

/** The audit chain's one row (`id` 'head'): the last entry, and the anchor the first kept entry follows after a prune. */
export interface AuditChainTable {
  id: string;
  lastSeq: number;
  lastHash: string;
  anchorSeq: number;
  anchorHash: string;
}

/** An installed machine (the machine passport); `options` is a JSON list of CAD option codes. */
export interface UnitsTable {
  id: string;
  serialNumber: string;
  productCode: string;
  options: Generated<string>;
  account: string;
  siteName: string | null;
  shippedAt: string;
  /** Always 'restricted': the grants in unit_access (owner account, serving partners) and staff see a unit. */
  audience: Generated<DocumentAudience>;
  createdAt: string;
  updatedAt: string;
}

export interface UnitAccessTable {
  unitId: string;
  kind: AccessRuleKind;
  value: string;
  expiresAt: string | null;
  createdAt: string;
}

/** Where a document applies: a product (optionally an option code and a serial range), or one unit (`unitId`). */
export interface DocumentApplicabilityTable {
  id: string;
  documentId: string;
  productCode: string | null;
  optionCode: string | null;
  serialFrom: string | null;
  serialTo: string | null;
  unitId: string | null;
  createdAt: string;
}

/** A safety or change notice on a product's serial range (and options, a JSON list all of which a unit must have). */
export interface UnitNoticesTable {
  id: string;
  kind: 'safety' | 'change';
  title: string;
  body: Generated<string>;
  productCode: string;
  serialFrom: string | null;
  serialTo: string | null;
  options: Generated<string>;
  publishedAt: string;
  closedAt: string | null;
}

/**
 * What a user follows: a document or software item by id, a product by code, a search by its
 * normalised query, a unit by serial number, a partner CAD library by id.
 */
export interface FollowsTable {
  userSub: string;
  kind: 'document' | 'software' | 'product' | 'search' | 'unit' | 'cad-library';
  itemId: string;
  title: string;
  /** 1 when downloading the document made the follow. */
  automatic: Generated<number>;
  createdAt: string;
}

/** A user's alert preferences (absent: the defaults). */
export interface AlertPreferencesTable {
  userSub: string;
  email: 'immediate' | 'daily' | 'weekly' | 'off';
  autoFollowDownloads: number;
  language: string;
  lastDigestAt: string | null;
  updatedAt: string;
}

export type NotificationMailStatus = 'pending' | 'sent' | 'skipped';

/**
 * One in-app notification of something new the user follows and may see: a document or a
 * significant version, a software version, a CAD library release, a notice on a unit.
 */
export interface NotificationsTable {
  id: string;
  userSub: string;
  event: 'newDocument' | 'newVersion' | 'notice' | 'newSoftwareVersion' | 'newCadRelease';
  /** The document's id; for other events the software item's, CAD library's or notice's. */
  documentId: string;
  /** The version's id (one notification per user and version); a CAD or software version's, `notice:<id>` for a notice. */
  versionId: string;
  title: string;
  versionLabel: string;
  changeNote: string;
  /** The portal path the notification opens (a document link, a software, CAD libraries or unit page). */
  link: string;
  createdAt: string;
  readAt: string | null;
  mailStatus: NotificationMailStatus;
  mailQueuedAt: string | null;
  mailedAt: string | null;
}

/** Views of a document per UTC day (YYYY-MM-DD) and reader's account ('' without one). */
export interface DocumentViewsTable {
  documentId: string;
  day: string;
  account: string;
  views: number;
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
  document_search_rowids: DocumentSearchRowidsTable;
  search_vocabulary: SearchVocabularyTable;
  search_index_tasks: SearchIndexTasksTable;
  download_records: DownloadRecordsTable;
  jobs: JobsTable;
  content_access: ContentAccessTable;
  software_items: SoftwareItemsTable;
  software_versions: SoftwareVersionsTable;
  software_files: SoftwareFilesTable;
  cad_families: CadFamiliesTable;
  cad_models: CadModelsTable;
  cad_option_groups: CadOptionGroupsTable;
  cad_option_values: CadOptionValuesTable;
  cad_option_exclusions: CadOptionExclusionsTable;
  cad_files: CadFilesTable;
  cad_libraries: CadLibrariesTable;
  cad_library_versions: CadLibraryVersionsTable;
  cad_library_files: CadLibraryFilesTable;
  favorites: FavoritesTable;
  oidc_models: OidcModelsTable;
  shared_secrets: SharedSecretsTable;
  local_accounts: LocalAccountsTable;
  audit_entries: AuditEntriesTable;
  audit_chain: AuditChainTable;
  units: UnitsTable;
  unit_access: UnitAccessTable;
  document_applicability: DocumentApplicabilityTable;
  unit_notices: UnitNoticesTable;
  follows: FollowsTable;
  alert_preferences: AlertPreferencesTable;
  notifications: NotificationsTable;
  document_views: DocumentViewsTable;
  admin_imports: AdminImportsTable;
}

export type { Generated };
