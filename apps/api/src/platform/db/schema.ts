import type { Generated } from 'kysely';
import type { AuthTables } from '../../auth/auth.tables.ts';
import type { AccessTables } from '../../modules/access/access.tables.ts';
import type { AdminImportTables } from '../../modules/admin-import/admin-import.tables.ts';
import type { AlertTables } from '../../modules/alerts/alert.tables.ts';
import type { AuditTables } from '../../modules/audit/audit.tables.ts';
import type { CadTables } from '../../modules/cad/cad.tables.ts';
import type { DocumentTables } from '../../modules/documents/document.tables.ts';
import type { DownloadTables } from '../../modules/downloads/download.tables.ts';
import type { HandoverTables } from '../../modules/handover/handover.tables.ts';
import type { FavoriteTables } from '../../modules/favorites/favorite.tables.ts';
import type { MaintenanceTables } from '../../modules/maintenance/maintenance.tables.ts';
import type { PaperRequestTables } from '../../modules/paper-requests/paper-request.tables.ts';
import type { SearchTables } from '../../modules/search/search.tables.ts';
import type { SearchAnalyticsTables } from '../../modules/search-analytics/search-analytics.tables.ts';
import type { FeedbackTables } from '../../modules/feedback/feedback.tables.ts';
import type { SoftwareTables } from '../../modules/software/software.tables.ts';
import type { StatisticsTables } from '../../modules/statistics/statistics.tables.ts';
import type { UnitTables } from '../../modules/units/unit.tables.ts';
import type { UserTables } from '../../modules/users/user.tables.ts';
import type { JobTables } from '../jobs/job.tables.ts';
import type { SharedSecretTables } from './shared-secrets.tables.ts';
import type { ModelPreviewTables } from '../../previews/model-preview.tables.ts';

/*
 * The database as Kysely sees it, composed from the tables each owner declares in its
 * `*.tables.ts` (docs/architecture.md, "Who owns which table"). The platform imports those files
 * for their types only; the owner is the one module that queries its tables.
 *
 * Conventions shared by every table, so one query runs on SQLite and PostgreSQL alike:
 * - ids are text (UUIDs or stable references);
 * - times are ISO-8601 text in UTC (sortable as text);
 * - booleans are integers 0/1;
 * - JSON lists are text, parsed by the repository that owns them.
 */

/** Column types several owners share (and the platform's access rule and file delivery read). */
export type DocumentAudience = 'everyone' | 'restricted';

export type AccessRuleKind = 'role' | 'account' | 'user';

/** The subjects whose audience rules live in content_access (the counterpart of document_access). */
export type ContentSubjectType = 'software-item' | 'software-version' | 'cad-family' | 'cad-library';

/** What a download record (and a content kind) is about. */
export type DownloadItemKind = 'document' | 'software' | 'cad' | 'unit';

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

export interface Database
  extends
    AuthTables,
    AccessTables,
    AdminImportTables,
    AlertTables,
    AuditTables,
    CadTables,
    DocumentTables,
    DownloadTables,
    FavoriteTables,
    HandoverTables,
    MaintenanceTables,
    PaperRequestTables,
    SearchTables,
    SearchAnalyticsTables,
    FeedbackTables,
    SoftwareTables,
    StatisticsTables,
    UnitTables,
    UserTables,
    JobTables,
    ModelPreviewTables,
    SharedSecretTables {}

export type { Generated };
