import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { commandContext } from '../audit/index.ts';
import { importUnits } from '../units/index.ts';
import { planImport } from './import-plan.ts';
import { runImport } from './import-runner.ts';
import { createPortalEvents } from '../../event-subscribers.ts';

const header = 'path,serviceRef,title,type,language,products,version,appliesTo,unit';
const pdf = (name: string) => `%PDF-1.4\n% ${name}\n${'x'.repeat(100)}\n%%EOF\n`;

async function folderWith(rows: string[], files: string[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-applies-'));
  for (const file of files) await writeFile(join(folder, file), pdf(file));
  await writeFile(join(folder, 'manifest.csv'), [header, ...rows].join('\n'));
  return folder;
}

describe('applicability in the import manifest', () => {
  it('reads products, options, open and closed serial ranges, or one unit, and refuses both at once', async () => {
    const folder = await folderWith(
      [
        'a.pdf,D1,Manual,manual,en,R100,A,R100|R100+ceiling|R100@R100-0100~R100-0199|G20+vac@~G20-0050,',
        'b.pdf,D2,Certificate,datasheet,en,,A,,R100-0001',
        'c.pdf,D3,Plain,manual,en,,A,,',
        'd.pdf,D4,Both,manual,en,,A,R100,R100-0001',
        'e.pdf,D5,Backwards,manual,en,,A,R100@R100-0200~R100-0100,',
      ],
      ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'],
    );
    try {
      const plan = await planImport(folder, join(folder, 'manifest.csv'));
      const bySerial = new Map(plan.items.map((item) => [item.metadata.serviceRef, item.applicability]));
      expect(bySerial.get('D1')).toEqual({
        rules: [
          { product: 'R100', option: null, serialFrom: null, serialTo: null },
          { product: 'R100', option: 'ceiling', serialFrom: null, serialTo: null },
          { product: 'R100', option: null, serialFrom: 'R100-0100', serialTo: 'R100-0199' },
          { product: 'G20', option: 'vac', serialFrom: null, serialTo: 'G20-0050' },
        ],
        unit: null,
      });
      expect(bySerial.get('D2')).toEqual({ rules: [], unit: 'R100-0001' });
      expect(bySerial.has('D3')).toBe(true);
      expect(bySerial.get('D3')).toBeUndefined();
      expect(plan.problems).toEqual([
        'manifest line 5 (d.pdf): applicability rules A document of one unit has no other rules',
        'manifest line 6 (e.pdf): applicability rules.0.serialTo serialFrom is after serialTo',
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe.each(await testDialects())('import with applicability on %s', (dialect) => {
  let handle: TestDatabase;
  let storageRoot: string;
  let folder: string;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    storageRoot = await mkdtemp(join(tmpdir(), 'portal-applies-files-'));
    await insertReferenceData(handle.db);
    const units = await importUnits(handle.db, 'serialNumber,model,account,shippedAt\nR100-0001,R100,ACME-001,2025-07-01\n', commandContext('test'));
    expect(units.problems).toEqual([]);
    folder = await folderWith(
      [
        'a.pdf,D1,Manual,manual,en,R100,A,R100@R100-0001~R100-0099,',
        'b.pdf,D2,Certificate,datasheet,en,,A,,R100-0001',
        'c.pdf,D3,Wrong,manual,en,,A,NOPE,',
      ],
      ['a.pdf', 'b.pdf', 'c.pdf'],
    );
  });
  afterAll(async () => {
    await handle.destroy();
    await rm(storageRoot, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  });

  const rulesOf = (serviceRef: string) =>
    handle.db
      .selectFrom('document_applicability')
      .innerJoin('documents', 'documents.id', 'document_applicability.documentId')
      .leftJoin('units', 'units.id', 'document_applicability.unitId')
      .select(['document_applicability.productCode', 'document_applicability.serialFrom', 'document_applicability.serialTo', 'units.serialNumber'])
      .where('documents.serviceRef', '=', serviceRef)
      .execute();

  it('stores where each document applies through the units module, and reports unknown products', async () => {
    const plan = await planImport(folder, join(folder, 'manifest.csv'));
    expect(plan.problems).toEqual([]);
    const deps = { db: handle.db, events: createPortalEvents(console), storage: new LocalFileStorage(storageRoot), maxBytes: 1_000_000 };
    const counts = await runImport(deps, plan.items, { concurrency: 1 });
    expect(counts.added).toBe(2);
    expect(counts.failures).toEqual(['c.pdf: the file was imported but not its applicability: The applicability names unknown products, options or units. rules.0.product "NOPE" is not a known product']);
    expect(await rulesOf('D1')).toEqual([{ productCode: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0099', serialNumber: null }]);
    expect(await rulesOf('D2')).toEqual([{ productCode: null, serialFrom: null, serialTo: null, serialNumber: 'R100-0001' }]);
    expect(await rulesOf('D3')).toEqual([]);

    // A re-run skips the files and stores the applicability again (replaced, not added twice).
    const again = await runImport(deps, plan.items, { concurrency: 1 });
    expect(again).toMatchObject({ skipped: 2, failed: 1 });
    expect(await rulesOf('D1')).toHaveLength(1);
  });
});
