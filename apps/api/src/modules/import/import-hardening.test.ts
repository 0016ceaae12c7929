import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { planImport } from './import-plan.ts';
import { ensureCatalogCodes, runImport } from './import-runner.ts';
import { createPortalEvents } from '../../event-subscribers.ts';

const manifestHeader = 'path,serviceRef,title,type,language,products,version,audience,access,downloadable,changeNote,variantGroup';
const row = (path: string, serviceRef: string) => `${path},${serviceRef},Manual ${serviceRef},manual,en,,A,,,,,`;

describe('import plan of a hostile folder', () => {
  let base: string;
  let folder: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'portal-import-hostile-'));
    folder = join(base, 'import');
    await mkdir(join(base, 'secrets'), { recursive: true });
    await mkdir(folder);
    await writeFile(join(base, 'secrets', 'D9_A_en_Secret.pdf'), '%PDF-1.4 confidential');
    await writeFile(join(folder, 'D1_A_en_Manual.pdf'), '%PDF-1.4 public');
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  // Finding 16: a manifest row naming a link in the folder made the importer read the file it points to.
  it('never follows a symbolic link out of the folder, from a manifest or from the folder itself', async () => {
    await symlink(join(base, 'secrets', 'D9_A_en_Secret.pdf'), join(folder, 'D9_A_en_Linked.pdf'));
    await symlink(join(base, 'secrets'), join(folder, 'linked-folder'));
    await symlink('D1_A_en_Manual.pdf', join(folder, 'D2_A_en_Inside.pdf'));
    await writeFile(
      join(folder, 'manifest.csv'),
      [manifestHeader, row('D9_A_en_Linked.pdf', 'D9'), row('linked-folder/D9_A_en_Secret.pdf', 'D8'), row('D2_A_en_Inside.pdf', 'D2'), row('missing.pdf', 'D7')].join('\n'),
    );
    const fromManifest = await planImport(folder, join(folder, 'manifest.csv'));
    expect(fromManifest.problems).toEqual([
      'manifest line 2 (D9_A_en_Linked.pdf): a symbolic link leads out of the folder',
      'manifest line 3 (linked-folder/D9_A_en_Secret.pdf): a symbolic link leads out of the folder',
      'manifest line 5 (missing.pdf): the file does not exist',
    ]);
    // A link that stays inside is read where it leads, under the name the manifest gives it.
    expect(fromManifest.items.map((item) => [item.metadata.serviceRef, item.relativePath, item.path])).toEqual([
      ['D2', 'D2_A_en_Inside.pdf', join(folder, 'D1_A_en_Manual.pdf')],
    ]);
    const fromFolder = await planImport(folder);
    expect(fromFolder.items.map((item) => item.relativePath)).toEqual(['D1_A_en_Manual.pdf']);
  });

  // Finding 16: the manifest itself was planned (and failed) as a document.
  it('never plans its own manifest.csv as a document', async () => {
    await writeFile(join(folder, 'manifest.csv'), [manifestHeader, row('manifest.csv', 'D5'), row('./D1_A_en_Manual.pdf', 'D1')].join('\n'));
    const fromManifest = await planImport(folder, join(folder, 'manifest.csv'));
    expect(fromManifest.problems).toEqual(['manifest line 2 (manifest.csv): the manifest itself is not a document']);
    expect(fromManifest.items.map((item) => item.metadata.serviceRef)).toEqual(['D1']);
    const fromFolder = await planImport(folder);
    expect(fromFolder.items.map((item) => item.relativePath)).toEqual(['D1_A_en_Manual.pdf']);
    expect(fromFolder.problems).toEqual([]);
  });
});

describe.each(await testDialects())('import of hostile file names on %s', (dialect) => {
  let handle: TestDatabase;
  let folder: string;
  let storageRoot: string;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    folder = await mkdtemp(join(tmpdir(), 'portal-import-bidi-'));
    storageRoot = await mkdtemp(join(tmpdir(), 'portal-import-bidi-files-'));
  });
  afterAll(async () => {
    await handle.destroy();
    await rm(folder, { recursive: true, force: true });
    await rm(storageRoot, { recursive: true, force: true });
  });

  // Finding 15: `\u202E` made `Invoice\u202Efdp.exe`-style names display reversed in every list.
  it('stores file names and titles without bidirectional control characters', async () => {
    const pdf = await generatePdf({ title: 'Bidi', subtitle: 'x', sections: [{ heading: 'A', paragraphs: ['b'] }] });
    await writeFile(join(folder, 'D31_A_en_Price\u202Elist\u2066 2026\u2069.pdf'), pdf);
    const plan = await planImport(folder);
    expect(plan.items.map((item) => item.metadata.title)).toEqual(['Pricelist 2026']);
    await ensureCatalogCodes(handle.db, plan.items);
    const counts = await runImport({ db: handle.db, events: createPortalEvents(console), storage: new LocalFileStorage(storageRoot), maxBytes: 10_000_000 }, plan.items, { concurrency: 1 });
    expect(counts).toMatchObject({ added: 1, failed: 0 });
    const stored = await handle.db.selectFrom('document_versions').select('fileName').execute();
    expect(stored.map((version) => version.fileName)).toEqual(['D31_A_en_Pricelist 2026.pdf']);
  });
});
