import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_types')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('serviceRef', 'text', (c) => c.notNull().unique())
    .addColumn('variantGroup', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('typeCode', 'text', (c) => c.notNull().references('document_types.code'))
    .addColumn('languageCode', 'text', (c) => c.notNull())
    .addColumn('downloadable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .addColumn('currentVersionId', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['typeCode', 'languageCode', 'variantGroup', 'status', 'updatedAt']) {
    await db.schema.createIndex(`documents_${column}_idx`).on('documents').column(column).execute();
  }

  await db.schema
    .createTable('document_products')
    .addColumn('documentId', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('productCode', 'text', (c) => c.notNull().references('products.code'))
    .addPrimaryKeyConstraint('document_products_pk', ['documentId', 'productCode'])
    .execute();
  await db.schema.createIndex('document_products_product_idx').on('document_products').column('productCode').execute();

  await db.schema
    .createTable('document_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('documentId', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('resourceVersion', 'text', (c) => c.notNull())
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mediaType', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storageKey', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .addColumn('publishedAt', 'text', (c) => c.notNull())
    .addColumn('changeNote', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pageCount', 'integer')
    .addColumn('thumbnailKey', 'text')
    .addColumn('previewPdfKey', 'text')
    .addColumn('posterKey', 'text')
    .addColumn('previewError', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('document_versions_document_version_uq', ['documentId', 'resourceVersion'])
    .execute();
  await db.schema.createIndex('document_versions_sha256_idx').on('document_versions').column('sha256').execute();

  await db.schema
    .createTable('document_texts')
    .addColumn('versionId', 'text', (c) => c.primaryKey().references('document_versions.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('document_access')
    .addColumn('documentId', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text')
    .addColumn('grantedBy', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_access_pk', ['documentId', 'kind', 'value'])
    .execute();
  await db.schema.createIndex('document_access_value_idx').on('document_access').columns(['kind', 'value']).execute();

  await db.schema
    .createTable('download_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userSub', 'text', (c) => c.notNull())
    .addColumn('itemKind', 'text', (c) => c.notNull())
    .addColumn('itemId', 'text', (c) => c.notNull())
    .addColumn('versionId', 'text')
    .addColumn('versionLabel', 'text', (c) => c.notNull())
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_records_user_idx').on('download_records').columns(['userSub', 'createdAt']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('dedupeKey', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('runAfter', 'text', (c) => c.notNull())
    .addColumn('lockedBy', 'text')
    .addColumn('lockedAt', 'text')
    .addColumn('lastError', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'runAfter']).execute();
}
