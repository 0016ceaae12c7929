import type { AdminDocument } from '@portal/contracts/admin-documents';
import type { AdminCadLibrary, AdminSoftwareItem, CatalogueImportReport } from '@portal/contracts/admin-software';
import type { EventBus } from './event-bus.ts';

/** Who made a change and from where: handed with every event, so the audit subscriber can record it. */
export interface ChangeActor {
  sub: string | null;
  /** E-mail of a user, or `operator <name>` for a command run on the server. */
  name: string;
  roles: readonly string[];
  account: string | null;
}

export interface ChangeOrigin {
  actor: ChangeActor | null;
  address: string | null;
  userAgent: string | null;
  /** `import` marks documents and versions the bulk import adds (audited as `import`, not `publish`). */
  source: 'request' | 'import' | 'command';
}

/** A user as the audit keeps them (never a password). */
export interface AuditedUser {
  email: string;
  name: string;
  roles: readonly string[];
  account: string | null;
  disabled: boolean;
}

/** An account (customer or partner company) as the audit keeps it. */
export interface AuditedAccount {
  name: string;
  kind: 'customer' | 'partner';
  partners: readonly string[];
}

/** A change to a document as the publishing console sees it, before and after. */
interface DocumentChange {
  documentId: string;
  before: AdminDocument;
  after: AdminDocument;
  origin: ChangeOrigin;
}

/**
 * Every event of the portal, by name, with its payload. The module that owns the change emits it once, through
 * `events.transaction` (or `emitCommitted` for a change already committed, `notify` for what changed nothing).
 * docs/architecture.md ("Events") lists who subscribes to each, in which phase, and why.
 */
export interface PortalEvents {
  /** A version was stored: a new document's first (`before` null) or a further one. Emitted by admin-documents. */
  'document.version-added': Omit<DocumentChange, 'before'> & { before: AdminDocument | null; version: { id: string; fileName: string } };
  /** A version became visible to the document's followers (a new published document, a new version of one, a document (re)published). */
  'document.published': { documentId: string; versionId: string; origin: ChangeOrigin };
  /**
   * A translation now follows another source revision (`previous` before, `followsRevision` now), set with a new
   * version (`versionId`) or edited (its current version). Emitted by admin-documents; alerts tell its followers
   * when it caught up with its source.
   */
  'document.translation-followed': {
    documentId: string;
    versionId: string;
    variantGroup: string;
    sourceLanguage: string;
    previous: string | null;
    followsRevision: string;
    origin: ChangeOrigin;
  };
  /** Metadata, products, audience or access rules changed. */
  'document.edited': DocumentChange;
  /** The whole document was published, scheduled or withdrawn. */
  'document.status-changed': DocumentChange;
  /** One version was withdrawn; the current version may have moved. */
  'document.version-withdrawn': DocumentChange & { versionId: string };
  /** One version was deleted (no shipped unit relies on it any more); the current version may have moved. */
  'document.version-deleted': DocumentChange & { versionId: string };
  /** The text of a version was extracted and stored (the previews' job). */
  'document.text-extracted': { documentId: string; versionId: string };
  /** A reader opened a document (its data answered 200). Emitted by documents once the answer is sent. */
  'document.viewed': { documentId: string; userSub: string; account: string | null; at: string };
  /** A user was handed a file or a zip (one row of the download history). Emitted by downloads. */
  'file.downloaded': {
    userSub: string;
    itemKind: string;
    itemId: string;
    versionId: string | null;
    versionLabel: string;
    fileName: string;
    fileId: string | null;
    /** The document's title, given by the download of one document (not a zip): its downloader follows it (alerts). */
    title?: string;
    origin: ChangeOrigin;
  };
  /**
   * A user searched the catalogue (sent without waiting: nothing may slow the answer). Emitted by search; search
   * analytics groups these into intents. `resultIds` are the documents of the page shown, in order; `locale` is the
   * reader's first language (Accept-Language), `at` the time of the answer.
   */
  'search.performed': {
    userSub: string;
    text: string;
    total: number;
    roles: readonly string[];
    account: string | null;
    locale: string | null;
    facets: { type: string[]; product: string[]; language: string[] };
    page: number;
    pageSize: number;
    resultIds: string[];
    at: string;
  };
  /*
   * Software and CAD publishing, emitted by admin-software. `item` and `library` are the subject as staff see it
   * after the change (`before` as they saw it before): what the audit records.
   */
  'software.item-created': { itemId: string; item: AdminSoftwareItem; origin: ChangeOrigin };
  'software.item-changed': { itemId: string; before: AdminSoftwareItem; item: AdminSoftwareItem; origin: ChangeOrigin };
  /** A version was added to an item; `demoted` are the versions it turned from current into previous. */
  'software.version-published': { itemId: string; versionId: string; changeNote: string; demoted: string[]; item: AdminSoftwareItem; origin: ChangeOrigin };
  /** A version's status, audience, rules or dates changed; `mayReachMore` when followers not told yet may see it now. */
  'software.version-changed': {
    itemId: string;
    versionId: string;
    changeNote: string;
    demoted: string[];
    mayReachMore: boolean;
    changedAt: string;
    before: AdminSoftwareItem;
    item: AdminSoftwareItem;
    origin: ChangeOrigin;
  };
  /** A version was added to a partner CAD library. */
  'cad.release-published': { libraryId: string; versionId: string; library: AdminCadLibrary; origin: ChangeOrigin };
  /** The configurator's catalogue was replaced (not on a dry run); `before` counts what was stored. */
  'cad.catalogue-imported': { before: CatalogueImportReport['counts']; report: CatalogueImportReport; origin: ChangeOrigin };
  /**
   * A request for printed instructions was made (`requested`) or staff marked it `printed` or `shipped`.
   * Emitted by paper-requests; `note` is the shipping note (empty for the other states).
   */
  'paper-request.changed': {
    requestId: string;
    requesterSub: string;
    serialNumber: string;
    language: string;
    state: 'requested' | 'printed' | 'shipped';
    dueAt: string;
    note: string;
  };
  /**
   * Staff changed the triage status of a reader's "Was this helpful?" feedback (emitted by feedback). Audited;
   * when `status` is `fixed` the reader is told (portal notification and mail, as their alert preferences say).
   */
  'feedback.status-changed': {
    feedbackId: string;
    readerSub: string;
    subjectKind: 'document' | 'software' | 'unit';
    subjectTitle: string;
    /** Where the reader finds the subject again (a path in the web app). */
    link: string;
    before: { status: 'new' | 'inProgress' | 'fixed' | 'dismissed'; note: string };
    status: 'new' | 'inProgress' | 'fixed' | 'dismissed';
    note: string;
    origin: ChangeOrigin;
  };
  /**
   * An admin created or changed a user in the console (emitted by users, one event per kind of change: `create`,
   * `role` (roles or account), `edit` (name), `disable`, `enable`, `password`). Audited; `before` is null on create.
   */
  'user.changed': { userId: string; action: 'create' | 'role' | 'edit' | 'disable' | 'enable' | 'password'; before: AuditedUser | null; after: AuditedUser; origin: ChangeOrigin };
  /** An admin created or changed an account (customer or partner company) in the console (emitted by users; audited). */
  'account.changed': { accountId: string; action: 'create' | 'edit'; before: AuditedAccount | null; after: AuditedAccount; origin: ChangeOrigin };
}

export type PortalEventBus = EventBus<PortalEvents>;
