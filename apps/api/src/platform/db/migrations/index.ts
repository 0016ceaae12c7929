import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { dialectOf } from '../dialect.ts';
import * as usersAndSettings from './2026-11-21-01-users-and-settings.ts';
import * as documents from './2026-11-21-02-documents.ts';
import * as documentSearch from './2026-11-21-03-document-search.ts';
import * as software from './2026-11-21-10-software.ts';
import * as cad from './2026-11-21-11-cad.ts';
import * as favorites from './2026-11-21-20-favorites.ts';
import * as documentSearchRowids from './2026-11-21-30-document-search-rowids.ts';
import * as documentListIndexes from './2026-11-21-31-document-list-indexes.ts';
import * as signInState from './2026-11-24-01-sign-in-state.ts';
import * as auditLog from './2026-11-24-40-audit-log.ts';
import * as units from './2026-11-24-50-units.ts';
import * as searchForgiving from './2026-11-24-60-search-forgiving.ts';
import * as adminDocumentListIndexes from './2026-11-24-70-admin-document-list-indexes.ts';
import * as versionSignificant from './2026-11-24-71-version-significant.ts';
import * as alerts from './2026-11-24-80-alerts.ts';
import * as searchTitleVector from './2026-11-24-90-search-title-vector.ts';
import * as jobListIndexes from './2026-11-24-95-job-list-indexes.ts';
import * as documentScheduledPublication from './2026-11-24-97-document-scheduled-publication.ts';
import * as documentViews from './2026-11-24-98-document-views.ts';
import * as adminImports from './2026-11-24-99-admin-imports.ts';
import * as adminDocumentSearchTrigrams from './2026-11-24-99b-admin-document-search-trigrams.ts';
import * as postgresSearchCatalog from './2026-11-24-99c-postgres-search-catalog.ts';
import * as productLifetime from './2026-11-28-10-product-lifetime.ts';
import * as auditPersonalDigest from './2026-11-28-30-audit-personal-digest.ts';
import * as paperRequests from './2026-11-28-60-paper-requests.ts';
import * as unitLabelledAt from './2026-11-28-70-unit-labelled-at.ts';
import * as declarationType from './2026-11-28-71-declaration-type.ts';
import * as productPhotoType from './2026-11-28-72-product-photo-type.ts';
import * as erasedSubjects from './2026-11-28-80-erased-subjects.ts';
import * as handoverClasses from './2026-11-28-90-handover-classes.ts';
import * as translationSource from './2026-11-29-20-translation-source.ts';
import * as modelPreviews from './2026-11-29-40-model-previews.ts';
import * as searchAnalytics from './2026-11-29-60-search-analytics.ts';
import * as feedback from './2026-11-29-61-feedback.ts';
import * as importPublication from './2026-11-29-80-import-publication.ts';
import * as followMail from './2026-11-29-90-follow-mail.ts';
import * as noticeTranslations from './2026-11-29-95-notice-translations.ts';
import * as accounts from './2026-11-29-96-accounts.ts';
import * as searchIntentRollups from './2026-11-30-10-search-intent-rollups.ts';
import * as searchReindexProgress from './2026-11-30-30-search-reindex-progress.ts';
import * as searchAnalyticsDimensions from './2026-11-30-40-search-analytics-dimensions.ts';
import * as searchAnalyticsFilteredSummary from './2026-11-30-50-search-analytics-filtered-summary.ts';
import * as searchIntentShownLists from './2026-11-30-60-search-intent-shown-lists.ts';
import * as quietIndexRewrites from './2026-11-30-70-quiet-index-rewrites.ts';

/** Every migration, in order. A migration is frozen once it has landed: add a new one instead of editing it. */
const migrations: Record<string, Migration> = {
  '2026-11-21-01-users-and-settings': usersAndSettings,
  '2026-11-21-02-documents': documents,
  '2026-11-21-03-document-search': documentSearch,
  '2026-11-21-10-software': software,
  '2026-11-21-11-cad': cad,
  '2026-11-21-20-favorites': favorites,
  '2026-11-21-30-document-search-rowids': documentSearchRowids,
  '2026-11-21-31-document-list-indexes': documentListIndexes,
  '2026-11-24-01-sign-in-state': signInState,
  '2026-11-24-40-audit-log': auditLog,
  '2026-11-24-50-units': units,
  '2026-11-24-60-search-forgiving': searchForgiving,
  '2026-11-24-70-admin-document-list-indexes': adminDocumentListIndexes,
  '2026-11-24-71-version-significant': versionSignificant,
  '2026-11-24-80-alerts': alerts,
  '2026-11-24-90-search-title-vector': searchTitleVector,
  '2026-11-24-95-job-list-indexes': jobListIndexes,
  '2026-11-24-97-document-scheduled-publication': documentScheduledPublication,
  '2026-11-24-98-document-views': documentViews,
  '2026-11-24-99-admin-imports': adminImports,
  '2026-11-24-99b-admin-document-search-trigrams': adminDocumentSearchTrigrams,
  '2026-11-24-99c-postgres-search-catalog': postgresSearchCatalog,
  '2026-11-28-10-product-lifetime': productLifetime,
  '2026-11-28-30-audit-personal-digest': auditPersonalDigest,
  '2026-11-28-60-paper-requests': paperRequests,
  '2026-11-28-70-unit-labelled-at': unitLabelledAt,
  '2026-11-28-71-declaration-type': declarationType,
  '2026-11-28-72-product-photo-type': productPhotoType,
  '2026-11-28-80-erased-subjects': erasedSubjects,
  '2026-11-28-90-handover-classes': handoverClasses,
  '2026-11-29-20-translation-source': translationSource,
  '2026-11-29-40-model-previews': modelPreviews,
  '2026-11-29-60-search-analytics': searchAnalytics,
  '2026-11-29-61-feedback': feedback,
  '2026-11-29-80-import-publication': importPublication,
  '2026-11-29-90-follow-mail': followMail,
  '2026-11-29-95-notice-translations': noticeTranslations,
  '2026-11-29-96-accounts': accounts,
  '2026-11-30-10-search-intent-rollups': searchIntentRollups,
  '2026-11-30-30-search-reindex-progress': searchReindexProgress,
  '2026-11-30-40-search-analytics-dimensions': searchAnalyticsDimensions,
  '2026-11-30-50-search-analytics-filtered-summary': searchAnalyticsFilteredSummary,
  '2026-11-30-60-search-intent-shown-lists': searchIntentShownLists,
  '2026-11-30-70-quiet-index-rewrites': quietIndexRewrites,
};

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Brings the schema up to the migration named `name`, that one included (for tests of the migrations after it). */
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`No migration is named ${name}`);
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<any>, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: name the current
  // schema, or a database holding several schemas (the PostgreSQL tests) confuses one with another.
  const migrationTableSchema =
    dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}
