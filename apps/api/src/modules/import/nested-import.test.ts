import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { planImport } from './import-plan.ts';
import { buildImportReport, importReportCsv, importReportText } from './import-report.ts';
import { ensureCatalogCodes, runImport } from './import-runner.ts';
import { loadImportCatalog } from './import-catalog.ts';
import { makeNestedFolder, type NestedFolder } from '../../test/fixtures/nested-folder.fixture.ts';
import { createPortalEvents } from '../../event-subscribers.ts';

// Issue 13 item 6: a nested tree imported 1 file of 337 ("typeCode is not a code"); TIFF scans,
// PDFs with a late header and legacy Word files were refused.
const source: NestedFolder = await makeNestedFolder();
afterAll(() => rm(source.folder, { recursive: true, force: true }));

describe.each(await testDialects())('import of a real document base on %s', (dialect) => {
  let handle: TestDatabase;
  let storageRoot: string;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    storageRoot = await mkdtemp(join(tmpdir(), 'portal-nested-files-'));
    // The migrations add the drawing and 3D model types on every installation.
    await handle.db.insertInto('document_types').values([{ code: 'manual', name: 'Manual' }]).execute();
    await handle.db.insertInto('products').values({ code: 'GRIP20', name: 'Servo gripper G20', family: 'grippers' }).execute();
  });
  afterAll(async () => {
    await handle.destroy();
    await rm(storageRoot, { recursive: true, force: true });
  });

  it('imports every file a viewer can show whatever its folders, and reports the refusal and the folder names ignored', async () => {
    const plan = await planImport(source.folder, undefined, await loadImportCatalog(handle.db));
    expect(plan.problems).toEqual([]);
    await ensureCatalogCodes(handle.db, plan.items);
    const counts = await runImport({ db: handle.db, events: createPortalEvents(console), storage: new LocalFileStorage(storageRoot), maxBytes: 10_000_000 }, plan.items, { concurrency: 2 });
    const report = buildImportReport(plan, counts, []);

    expect(report.files.filter((file) => file.outcome === 'added').map((file) => file.path).sort()).toEqual([...source.importable].sort());
    expect(report.files.filter((file) => file.outcome !== 'added')).toEqual([
      { path: source.unreadable, outcome: 'refused', reason: "The file's content (unrecognised) does not match its extension .pdf." },
    ]);
    expect(report.summary).toEqual({ added: source.importable.length, skipped: 0, refused: 1, failed: 0, notImportable: 0 });
    expect(importReportCsv(report)).toContain(`"${source.unreadable}","refused","The file's content (unrecognised) does not match its extension .pdf."`);
    expect(importReportText(report)).toContain(`refused: ${source.unreadable}: The file's content (unrecognised)`);
    expect(report.ignoredFolders).toEqual(
      expect.arrayContaining([{ folder: 'Public corpus 2019', files: 4 }, { folder: 'Scans (old)', files: 2 }, { folder: 'misc', files: 2 }]),
    );
    expect(importReportText(report)).toContain('folder name ignored (not a document type or product): Scans (old) (2 files)');

    const documents = await handle.db
      .selectFrom('documents')
      .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
      .select(['documents.id', 'documents.title', 'documents.typeCode', 'document_versions.fileName', 'document_versions.mediaType'])
      .execute();
    const byFile = new Map(documents.map((row) => [row.fileName, row]));
    // A known type (plural, other case) and a known product are read from their folders.
    expect(byFile.get('D700_A_en_Gripper manual.pdf')).toMatchObject({ typeCode: 'manual', title: 'Gripper manual' });
    const gripper = await handle.db.selectFrom('document_products').select('productCode').where('documentId', '=', byFile.get('D700_A_en_Gripper manual.pdf')?.id ?? '').execute();
    expect(gripper.map((row) => row.productCode)).toEqual(['GRIP20']);
    expect(byFile.get('drawing 17.tiff')).toMatchObject({ mediaType: 'image/tiff', typeCode: 'manual' });
    expect(byFile.get('late header.pdf')).toMatchObject({ mediaType: 'application/pdf' });
    if (source.hasDoc) expect(byFile.get('letter.doc')).toMatchObject({ mediaType: 'application/msword' });
    // No folder became a type or a product.
    expect((await handle.db.selectFrom('products').select('code').execute()).map((row) => row.code)).toEqual(['GRIP20']);
    // (declarationOfConformity and productPhoto come with the migrations: every installation has them.)
    expect((await handle.db.selectFrom('document_types').select('code').orderBy('code').execute()).map((row) => row.code)).toEqual(['declarationOfConformity', 'drawing', 'manual', 'model3d', 'productPhoto']);
  });
});
