import type { Generated } from 'kysely';

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
  /** 1: its news also comes by mail (as the user's preference says); 0: only in the portal. */
  mail: Generated<number>;
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
  event: 'newDocument' | 'newVersion' | 'notice' | 'newSoftwareVersion' | 'newCadRelease' | 'paperRequest' | 'translationCaughtUp' | 'feedbackFixed';
  /** The document's id; for other events the software item's, CAD library's, notice's or paper request's. */
  documentId: string;
  /**
   * The version's id (one notification per user and version); a CAD or software version's, `notice:<id>` for a
   * notice, `paper-request:<id>:<state>` for a step of a paper request.
   */
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

/** The tables alerts owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface AlertTables {
  follows: FollowsTable;
  alert_preferences: AlertPreferencesTable;
  notifications: NotificationsTable;
}
