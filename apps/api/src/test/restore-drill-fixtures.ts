import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { commandContext, recordAudit } from '../modules/audit/index.ts';
import { insertDocument, insertReferenceData } from './document-fixtures.ts';
import type { Database } from '../platform/db/schema.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { storeFile } from '../platform/storage/store-file.ts';

/** What the drill compares before and after: whole rows of the tables that matter, and every stored file's hash. */
export interface PortalState {
  documents: unknown[];
  versions: Array<{ id: string; storageKey: string; sha256: string; thumbnailKey: string | null }>;
  accounts: unknown[];
  users: unknown[];
  audit: Array<{ seq: number; hash: string }>;
  fileHashes: Record<string, string>;
}

/** A document with a real stored file (and a thumbnail), an account and a user, and one audit entry about them. */
export async function seedDocument(app: FastifyInstance, index: number): Promise<string> {
  const id = `drill-${index}-${randomUUID().slice(0, 8)}`;
  const file = await storeFile(app.storage, { fileName: `${id}.pdf`, content: randomBytes(2048 + index), mediaType: 'application/pdf' });
  const thumbnail = await storeFile(app.storage, { fileName: `${id}.webp`, content: randomBytes(300 + index) });
  // One transaction, as the portal's writers refresh the search index: a snapshot taken meanwhile never holds the document without its index row.
  await app.db.transaction().execute((trx) => insertDocument(trx, {
    id,
    title: `Pump manual ${index}`,
    versions: [{ resourceVersion: 'A', storageKey: file.storageKey, sha256: file.sha256, size: file.size, thumbnailKey: thumbnail.storageKey }],
  }));
  const now = new Date().toISOString();
  await app.db.insertInto('local_accounts').values({
    sub: `local-${id}`, email: `${id}@drill.example`, name: `Person ${index}`, passwordHash: `scrypt$${randomBytes(8).toString('hex')}`,
    roles: '["customer"]', account: 'ACME', disabled: 0, createdAt: now, updatedAt: now,
  }).execute();
  await app.db.insertInto('users').values({
    id: randomUUID(), sub: `local-${id}`, email: `${id}@drill.example`, name: `Person ${index}`, roles: '["customer"]', account: 'ACME', firstSeenAt: now, lastSeenAt: now,
  }).execute();
  await recordAudit(app.db, commandContext('restore drill'), { action: 'publish', object: { kind: 'document', id }, after: { title: `Pump manual ${index}` } });
  return id;
}

export async function seedPortal(app: FastifyInstance, documents: number): Promise<void> {
  await insertReferenceData(app.db);
  for (let index = 0; index < documents; index += 1) await seedDocument(app, index);
}

async function sha256Of(storage: FileStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function capturePortal(db: Kysely<Database>, storage: FileStorage): Promise<PortalState> {
  const versions = await db.selectFrom('document_versions').select(['id', 'storageKey', 'sha256', 'thumbnailKey']).orderBy('id').execute();
  const fileHashes: Record<string, string> = {};
  for (const version of versions) {
    for (const key of [version.storageKey, version.thumbnailKey]) if (key) fileHashes[key] = await sha256Of(storage, key);
  }
  return {
    documents: await db.selectFrom('documents').selectAll().orderBy('id').execute(),
    versions,
    accounts: await db.selectFrom('local_accounts').selectAll().orderBy('sub').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('sub').execute(),
    audit: (await db.selectFrom('audit_entries').select(['seq', 'hash']).orderBy('seq').execute()).map((row) => ({ seq: Number(row.seq), hash: row.hash })),
    fileHashes,
  };
}
