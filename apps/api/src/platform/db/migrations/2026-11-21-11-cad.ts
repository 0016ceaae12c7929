import type { Kysely } from 'kysely';

/*
 * CAD: the robot catalogue (families → models → option groups and values, with excluded pairs),
 * the component files matching option values in each format, and partner libraries per CAD tool.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cad_families')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('cad_models')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('familyCode', 'text', (c) => c.notNull().references('cad_families.code').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revision', 'text', (c) => c.notNull())
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('cad_option_groups')
    .addColumn('modelCode', 'text', (c) => c.notNull().references('cad_models.code').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cad_option_groups_pk', ['modelCode', 'code'])
    .execute();

  // Value codes are unique within a model, so a configuration is just a list of value codes.
  await db.schema
    .createTable('cad_option_values')
    .addColumn('modelCode', 'text', (c) => c.notNull().references('cad_models.code').onDelete('cascade'))
    .addColumn('groupCode', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cad_option_values_pk', ['modelCode', 'code'])
    .addForeignKeyConstraint('cad_option_values_group_fk', ['modelCode', 'groupCode'], 'cad_option_groups', ['modelCode', 'code'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('cad_option_exclusions')
    .addColumn('modelCode', 'text', (c) => c.notNull().references('cad_models.code').onDelete('cascade'))
    .addColumn('valueA', 'text', (c) => c.notNull())
    .addColumn('valueB', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cad_option_exclusions_pk', ['modelCode', 'valueA', 'valueB'])
    .execute();

  await db.schema
    .createTable('cad_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('modelCode', 'text', (c) => c.notNull().references('cad_models.code').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('component', 'text', (c) => c.notNull())
    // JSON list of option value codes the file belongs to; [] = part of every configuration.
    .addColumn('requiredOptions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mediaType', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storageKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cad_files_model_idx').on('cad_files').columns(['modelCode', 'format']).execute();

  await db.schema
    .createTable('cad_libraries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cadTool', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('productCodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cad_library_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('libraryId', 'text', (c) => c.notNull().references('cad_libraries.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('releaseDate', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('cad_library_versions_library_version_uq', ['libraryId', 'version'])
    .execute();

  await db.schema
    .createTable('cad_library_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('versionId', 'text', (c) => c.notNull().references('cad_library_versions.id').onDelete('cascade'))
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mediaType', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storageKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('cad_library_files_version_name_uq', ['versionId', 'fileName'])
    .execute();
}
