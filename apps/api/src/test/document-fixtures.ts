import type { Insertable, Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../platform/db/schema.ts';
import type { DocumentAccessTable } from '../modules/documents/index.ts';
import type { DocumentVersionsTable, DocumentsTable } from '../modules/documents/index.ts';
import { reindexDocument } from '../modules/search/index.ts';

/* Test data for the document tests: real rows through Kysely, no mocks. */

export const fixtureTime = '2026-01-01T00:00:00.000Z';

export const users = {
  customer: { sub: 'sub-customer', email: 'Carla.Customer@Example.com', name: 'Carla', roles: ['customer'], account: 'ACME' },
  otherCustomer: { sub: 'sub-other', email: 'olga@other.example', name: 'Olga', roles: ['customer'], account: 'GLOBEX' },
  partner: { sub: 'sub-partner', email: 'pat@partner.example', name: 'Pat', roles: ['partner'], account: null },
  employee: { sub: 'sub-employee', email: 'emil@maker.example', name: 'Emil', roles: ['employee'], account: null },
  admin: { sub: 'sub-admin', email: 'ada@maker.example', name: 'Ada', roles: ['admin'], account: null },
  publisher: { sub: 'sub-publisher', email: 'paula@maker.example', name: 'Paula', roles: ['publisher'], account: null },
} satisfies Record<string, AuthUser>;

export interface FixtureVersion extends Partial<Insertable<DocumentVersionsTable>> {
  resourceVersion: string;
  text?: string;
}

export interface FixtureDocument extends Partial<Insertable<DocumentsTable>> {
  id: string;
  versions?: FixtureVersion[];
  products?: string[];
  rules?: Array<Pick<Insertable<DocumentAccessTable>, 'kind' | 'value'> & { expiresAt?: string | null }>;
}

/** Reference data the fixtures point at. */
export async function insertReferenceData(db: Kysely<Database>): Promise<void> {
  await db.insertInto('document_types').values([
    { code: 'manual', name: 'Manual' },
    { code: 'datasheet', name: 'Data sheet' },
  ]).execute();
  await db.insertInto('products').values([
    { code: 'R100', name: 'Robot R100', family: 'robots' },
    { code: 'G20', name: 'Gripper G20', family: 'grippers' },
  ]).execute();
}

/**
 * Inserts a document, its versions (in the given order; the last published one is current),
 * products, access rules and texts, and indexes it for search.
 */
export async function insertDocument(db: Kysely<Database>, fixture: FixtureDocument): Promise<void> {
  const { versions = [{ resourceVersion: 'A' }], products = [], rules = [], ...document } = fixture;
  const versionRows = versions.map(({ text: _text, ...version }, index) => ({
    id: `${fixture.id}-${version.resourceVersion}`,
    documentId: fixture.id,
    fileName: `${fixture.id}.pdf`,
    size: 10,
    mediaType: 'application/pdf',
    sha256: `sha-${fixture.id}-${version.resourceVersion}`,
    storageKey: `key-${fixture.id}-${version.resourceVersion}`,
    publishedAt: `2026-01-0${index + 1}T00:00:00.000Z`,
    pageCount: null,
    thumbnailKey: null,
    previewPdfKey: null,
    posterKey: null,
    previewError: null,
    createdAt: fixtureTime,
    status: 'published' as const,
    changeNote: '',
    ...version,
  }));
  const current = versionRows.filter((version) => version.status === 'published').at(-1);
  await db.insertInto('documents').values({
    serviceRef: fixture.id.toUpperCase().replace(/[^A-Z0-9]/g, ''),
    variantGroup: fixture.id,
    title: `Title of ${fixture.id}`,
    typeCode: 'manual',
    languageCode: 'en',
    createdAt: fixtureTime,
    updatedAt: fixtureTime,
    ...document,
    currentVersionId: document.currentVersionId !== undefined ? document.currentVersionId : (current?.id ?? null),
  }).execute();
  if (versionRows.length > 0) await db.insertInto('document_versions').values(versionRows).execute();
  for (const [index, version] of versions.entries()) {
    if (version.text !== undefined) {
      await db.insertInto('document_texts').values({ versionId: versionRows[index].id, body: version.text }).execute();
    }
  }
  if (products.length > 0) {
    await db.insertInto('document_products').values(products.map((productCode) => ({ documentId: fixture.id, productCode }))).execute();
  }
  if (rules.length > 0) {
    await db.insertInto('document_access').values(
      rules.map((rule) => ({ documentId: fixture.id, expiresAt: null, grantedBy: null, createdAt: fixtureTime, ...rule })),
    ).execute();
  }
  await reindexDocument(db, fixture.id);
}
