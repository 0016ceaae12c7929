import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/*
 * The 3D previews of stored CAD files (previews/model-preview.tables.ts): the GLB, its size and triangles, or why there
 * is none; the document types of CAD models and drawings (issue 29) on every installation; and a preview job for
 * each CAD file stored before (documents, configurator files, partner library files), as new ones get at once.
 */

const isModel = (fileName: string) => /\.(stp|step|igs|iges|brep|brp|stl)$/i.test(fileName);
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('model_previews')
    .addColumn('sourceKey', 'text', (column) => column.primaryKey())
    .addColumn('glbKey', 'text')
    .addColumn('sizeX', 'real')
    .addColumn('sizeY', 'real')
    .addColumn('sizeZ', 'real')
    .addColumn('triangles', 'integer')
    .addColumn('failure', 'text')
    .addColumn('createdAt', 'text', (column) => column.notNull())
    .execute();
  for (const type of [{ code: 'model3d', name: '3D model' }, { code: 'drawing', name: 'Drawing' }]) {
    await db.insertInto('document_types').values(type).onConflict((c) => c.column('code').doNothing()).execute();
  }
  const versions: { id: string; fileName: string }[] = await db.selectFrom('document_versions').select(['id', 'fileName']).execute();
  const files: { storageKey: string; fileName: string }[] = [
    ...(await db.selectFrom('cad_files').select(['storageKey', 'fileName']).execute()),
    ...(await db.selectFrom('cad_library_files').select(['storageKey', 'fileName']).execute()),
  ];
  const jobs = [
    ...versions.filter((version) => isModel(version.fileName)).map((version) => ({ payload: { versionId: version.id }, dedupeKey: `modelPreview:${version.id}` })),
    ...files
      .filter((file) => isModel(file.fileName))
      .map((file) => ({ payload: { sourceKey: file.storageKey, fileName: file.fileName }, dedupeKey: `modelPreview:${file.storageKey}` })),
  ];
  const now = new Date().toISOString();
  for (const job of jobs) {
    await db
      .insertInto('jobs')
      .values({ id: randomUUID(), kind: 'modelPreview', payload: JSON.stringify(job.payload), dedupeKey: job.dedupeKey, status: 'queued', runAfter: now, createdAt: now, updatedAt: now })
      .onConflict((c) => c.column('dedupeKey').doNothing())
      .execute();
  }
}
