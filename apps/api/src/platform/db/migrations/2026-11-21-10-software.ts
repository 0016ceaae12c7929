import type { Kysely } from 'kysely';

/*
 * Software downloads, and the audience rules shared by software and CAD content
 * (content_access mirrors document_access, keyed by subject type and id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_access')
    .addColumn('subjectType', 'text', (c) => c.notNull())
    .addColumn('subjectId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_access_pk', ['subjectType', 'subjectId', 'kind', 'value'])
    .execute();

  await db.schema
    .createTable('software_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('equipmentName', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('compatibleEquipment', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('software_items_category_idx').on('software_items').column('category').execute();

  await db.schema
    .createTable('software_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('itemId', 'text', (c) => c.notNull().references('software_items.id').onDelete('cascade'))
    .addColumn('versionNumber', 'text', (c) => c.notNull())
    .addColumn('releaseDate', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('releaseNotesDocumentId', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('software_versions_item_number_uq', ['itemId', 'versionNumber'])
    .execute();
  await db.schema.createIndex('software_versions_item_idx').on('software_versions').columns(['itemId', 'releaseDate']).execute();

  await db.schema
    .createTable('software_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('versionId', 'text', (c) => c.notNull().references('software_versions.id').onDelete('cascade'))
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mediaType', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storageKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('software_files_version_name_uq', ['versionId', 'fileName'])
    .execute();

  // Which file of a version or set was downloaded; null for a whole version or set as one zip.
  await db.schema.alterTable('download_records').addColumn('fileId', 'text').execute();
}
