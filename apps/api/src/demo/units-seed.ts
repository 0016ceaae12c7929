import { Readable } from 'node:stream';
import { createDocumentMetadataSchema } from '@portal/contracts/admin-documents';
import { createNoticeBodySchema } from '@portal/contracts/units';
import { createDocument, storeUpload } from '../modules/admin-documents/index.ts';
import { findDocumentByServiceRef } from '../modules/documents/index.ts';
import { commandContext } from '../modules/audit/index.ts';
import { createNotice, importUnits, listAllNotices, setApplicability } from '../modules/units/index.ts';
import { demoCatalog } from './demo-catalog.ts';
import { generatePdf } from './generate-pdf.ts';
import type { ContentSeedDeps } from './software-seed.ts';
import { demoNotice, demoUnitDocuments, demoUnitsCsv, manualProducts, type DemoUnitDocument } from './units-demo-data.ts';

/*
 * The demo machine passport, after the documents, software and CAD: units of the demo accounts,
 * the model manuals applying to them (their French and German variants follow by variant group) and the
 * model photos (the public identification page shows their thumbnails),
 * unit-only certificates and drawings, and one safety notice on a serial range.
 */

const seedUser = { sub: 'demo-seed', email: '', name: 'Demo seed', roles: ['admin' as const], account: null };
const maxBytes = 20 * 1024 * 1024;
const seedAudit = commandContext('demo seed');

/** The English manual of each product, then each product photo and declaration of conformity, by the demo catalogue's service references. */
async function modelDocumentIds(deps: ContentSeedDeps): Promise<Array<[string, string]>> {
  const catalog = demoCatalog();
  const manuals = manualProducts.flatMap((product) => {
    const manual = catalog.find((document) => document.typeCode === 'manual' && document.languageCode === 'en' && document.products.join() === product);
    return manual ? [[product, manual.serviceRef] as const] : [];
  });
  const modelWide = catalog.filter((document) => document.typeCode === 'productPhoto' || document.typeCode === 'declarationOfConformity').map((document) => [document.products.join(), document.serviceRef] as const);
  const found: Array<[string, string]> = [];
  for (const [product, serviceRef] of [...manuals, ...modelWide]) {
    const row = await findDocumentByServiceRef(deps.db, serviceRef);
    if (row) found.push([product, row.id]);
  }
  return found;
}

async function unitDocument(deps: ContentSeedDeps, document: DemoUnitDocument): Promise<string> {
  const existing = await findDocumentByServiceRef(deps.db, document.serviceRef);
  if (existing) return existing.id;
  const upload = await storeUpload(deps.storage, Readable.from([Buffer.from(await generatePdf(document.content))]), `${document.serviceRef}.pdf`, maxBytes);
  const metadata = createDocumentMetadataSchema.parse({
    serviceRef: document.serviceRef,
    title: document.title,
    typeCode: document.typeCode,
    languageCode: 'en',
    products: [document.serial.split('-')[0]],
    // Only the unit's owner and the partner serving it (and staff) read a unit's own documents.
    audience: 'restricted',
    access: [{ kind: 'account', value: 'ACME-001' }, { kind: 'account', value: 'PARTNER-01' }],
    resourceVersion: 'A',
    status: 'published',
    publishedAt: document.publishedAt,
  });
  return (await createDocument({ db: deps.db, events: deps.events, afterCommit: deps.afterCommit }, metadata, upload)).id;
}

/** Seeds the demo units; answers how many were added (units already there are reported and skipped by the import). */
export async function seedUnits(deps: ContentSeedDeps): Promise<number> {
  const { imported } = await importUnits(deps.db, demoUnitsCsv, seedAudit);
  for (const [product, documentId] of await modelDocumentIds(deps)) {
    await setApplicability(deps, seedUser, documentId, { rules: [{ product, option: null, serialFrom: null, serialTo: null }], unit: null }, seedAudit);
  }
  for (const document of demoUnitDocuments) {
    await setApplicability(deps, seedUser, await unitDocument(deps, document), { rules: [], unit: document.serial }, seedAudit);
  }
  if (!(await listAllNotices(deps)).some((notice) => notice.title === demoNotice.title)) {
    await createNotice(deps, createNoticeBodySchema.parse(demoNotice), seedAudit);
  }
  return imported;
}
