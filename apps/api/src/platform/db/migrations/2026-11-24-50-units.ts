import type { Kysely } from 'kysely';

/*
 * The machine passport: installed units (one row per machine, by serial number) with their audience
 * grants (the owning account and the partner accounts serving it), where documents apply (products,
 * option codes, serial ranges, or one unit), and safety or change notices on serial ranges.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('serialNumber', 'text', (c) => c.notNull().unique())
    .addColumn('productCode', 'text', (c) => c.notNull().references('products.code'))
    // JSON list of CAD configurator option codes.
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('siteName', 'text')
    .addColumn('shippedAt', 'text', (c) => c.notNull())
    // Always 'restricted': only the grants in unit_access (and staff) see a unit.
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('restricted'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('units_account_idx').on('units').column('account').execute();

  await db.schema
    .createTable('unit_access')
    .addColumn('unitId', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('unit_access_pk', ['unitId', 'kind', 'value'])
    .execute();
  await db.schema.createIndex('unit_access_value_idx').on('unit_access').columns(['kind', 'value']).execute();

  await db.schema
    .createTable('document_applicability')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('documentId', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('productCode', 'text')
    .addColumn('optionCode', 'text')
    .addColumn('serialFrom', 'text')
    .addColumn('serialTo', 'text')
    .addColumn('unitId', 'text', (c) => c.references('units.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_applicability_document_idx').on('document_applicability').column('documentId').execute();
  await db.schema.createIndex('document_applicability_product_idx').on('document_applicability').column('productCode').execute();
  await db.schema.createIndex('document_applicability_unit_idx').on('document_applicability').column('unitId').execute();

  await db.schema
    .createTable('unit_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('productCode', 'text', (c) => c.notNull())
    .addColumn('serialFrom', 'text')
    .addColumn('serialTo', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('publishedAt', 'text', (c) => c.notNull())
    .addColumn('closedAt', 'text')
    .execute();
  await db.schema.createIndex('unit_notices_product_idx').on('unit_notices').column('productCode').execute();
}
