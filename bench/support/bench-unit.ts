import { mkdir, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createDocumentMetadataSchema } from '@portal/contracts/admin-documents';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/platform/db/migrations/index.ts';
import { createFileStorage } from '../../apps/api/src/platform/storage/create-file-storage.ts';
import { createDocument, storeUpload } from '../../apps/api/src/modules/admin-documents/index.ts';
import { importUnits, setApplicability } from '../../apps/api/src/modules/units/index.ts';
import { commandContext } from '../../apps/api/src/modules/audit/index.ts';
import { createPortalEvents } from '../../apps/api/src/event-subscribers.ts';
import { ensureReferenceData } from '../../apps/api/src/demo/reference-data.ts';

/** The unit the machine-passport benches download: an ARM-6 of the demo customer (ACME-001). */
export const benchSerial = 'ARM6-2025-90001';

const seedUser = { sub: 'bench-seed', email: '', name: 'Bench seed', roles: ['admin' as const], account: null };

export interface BenchUnitOptions {
  dataDir: string;
  documentCount: number;
  /** Names the bench in the audit log. */
  benchName: string;
  /** The PDF of document `index` (0-based) with its title. */
  pdfOf(index: number, title: string): Promise<Buffer>;
  /** The largest upload accepted, in bytes. */
  maxBytes?: number;
}

/**
 * A fresh DATA_DIR with the bench unit and `documentCount` English documents that apply to it: most through a product
 * rule (manuals), every fifth as the unit's own document (a certificate). Answers the PDFs' bytes in all.
 */
export async function seedBenchUnit({ dataDir, documentCount, benchName, pdfOf, maxBytes = 20 * 1024 * 1024 }: BenchUnitOptions): Promise<number> {
  const audit = commandContext(benchName);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const { db } = openDatabase({ sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  await ensureReferenceData(db);
  const storage = await createFileStorage(config);
  // No options: their codes come from the CAD configurator, which this folder does not hold.
  const { imported, problems } = await importUnits(db, `serialNumber,model,account,shippedAt\n${benchSerial},ARM6,ACME-001,2025-06-02`, audit);
  if (imported !== 1) throw new Error(`the bench unit was not imported: ${JSON.stringify(problems)}`);
  let totalBytes = 0;
  for (let index = 0; index < documentCount; index++) {
    const ownDocument = index % 5 === 4;
    const title = ownDocument ? `Inspection report ${index + 1} of ${benchSerial}` : `ARM-6 bench document ${index + 1}`;
    const pdf = await pdfOf(index, title);
    totalBytes += pdf.length;
    const upload = await storeUpload(storage, Readable.from([pdf]), `bench-${index + 1}.pdf`, maxBytes);
    const metadata = createDocumentMetadataSchema.parse({
      serviceRef: `UP${String(index + 1).padStart(5, '0')}`,
      title,
      typeCode: ownDocument ? 'certificate' : 'manual',
      languageCode: 'en',
      products: ['ARM6'],
      audience: 'everyone',
      resourceVersion: 'A',
      status: 'published',
      publishedAt: '2025-01-15T08:00:00.000Z',
    });
    const { id } = await createDocument({ db, events: createPortalEvents(console) }, metadata, upload);
    const applicability = ownDocument ? { rules: [], unit: benchSerial } : { rules: [{ product: 'ARM6', option: null, serialFrom: null, serialTo: null }], unit: null };
    await setApplicability({ db }, seedUser, id, applicability, audit);
  }
  await db.destroy();
  return totalBytes;
}
