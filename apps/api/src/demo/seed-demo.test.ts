import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSystemTools } from '../previews/system-tools.ts';
import { LocalFileStorage } from '../platform/storage/local-file-storage.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { seedDemoContent } from './seed-demo.ts';
import { createPortalEvents } from '../event-subscribers.ts';

const tools = await detectSystemTools({ warn: () => undefined });

function groupBy<T>(rows: T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
}

describe.each(await testDialects())('demo seed on %s', (dialect) => {
  let handle: TestDatabase;
  let root: string;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    root = await mkdtemp(join(tmpdir(), 'portal-seed-'));
  });
  afterAll(async () => {
    await handle.destroy();
    await rm(root, { recursive: true, force: true });
  });

  it('fills an empty database with about 60 documents of every kind, once', async () => {
    const storage = new LocalFileStorage(root);
    const counts = await seedDemoContent({ db: handle.db, events: createPortalEvents(console), storage, tools });
    expect(counts?.failed).toBe(0);
    const { db } = handle;
    const documents = await db.selectFrom('documents').selectAll().execute();
    expect(documents.length).toBeGreaterThanOrEqual(55);
    expect(documents.length).toBeLessThanOrEqual(65);
    expect(documents.find((document) => document.serviceRef === 'D28092504')?.title).toBe('Six-axis robot ARM-6 - Installation and operating manual');

    expect(new Set(documents.map((document) => document.typeCode))).toEqual(new Set(['manual', 'datasheet', 'certificate', 'declarationOfConformity', 'productPhoto', 'drawing', 'model3d', 'releaseNotes', 'video']));
    expect(new Set(documents.map((document) => document.languageCode))).toEqual(new Set(['en', 'fr', 'de']));
    const families = await db.selectFrom('document_products').innerJoin('products', 'products.code', 'document_products.productCode').select('products.family').distinct().execute();
    expect(families.map((row) => row.family).sort()).toEqual(['controllers', 'grippers', 'robots', 'toolChangers']);
    const groups = groupBy(documents, (document) => document.variantGroup);
    expect(groups.some((group) => new Set(group.map((document) => document.languageCode)).size === 3)).toBe(true);

    const versions = await db.selectFrom('document_versions').selectAll().execute();
    const perDocument = groupBy(versions, (version) => version.documentId);
    expect(perDocument.some((list) => list.map((version) => version.resourceVersion).sort().join() === 'A,B,C')).toBe(true);
    const arm6 = documents.find((document) => document.serviceRef === 'D28092504');
    expect(versions.find((version) => version.id === arm6?.currentVersionId)?.resourceVersion).toBe('C');
    const extensions = new Set(versions.map((version) => version.fileName.split('.').at(-1)));
    for (const extension of ['pdf', 'docx', 'xlsx', 'png', 'jpg', 'svg', 'mp4', 'step']) expect(extensions).toContain(extension);

    const rules = await db.selectFrom('document_access').select(['kind', 'value']).distinct().execute();
    expect(rules).toEqual(expect.arrayContaining([{ kind: 'role', value: 'partner' }, { kind: 'account', value: 'ACME-001' }]));
    expect(documents.filter((document) => document.downloadable === 0)).toHaveLength(1);
    for (const version of versions) expect(await storage.stat(version.storageKey)).toEqual({ size: version.size });
    expect(Number((await db.selectFrom('jobs').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(versions.length);

    expect(await seedDemoContent({ db, events: createPortalEvents(console), storage, tools })).toBeNull();
    expect(await db.selectFrom('documents').select('id').execute()).toHaveLength(documents.length);
  });
});
