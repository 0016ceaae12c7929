import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { LocalFileStorage } from '../platform/storage/local-file-storage.ts';
import type { PreviewDeps } from './preview-deps.ts';
import type { PreviewVersion } from '../modules/documents/index.ts';
import type { SystemTools } from './system-tools.ts';
import { createPortalEvents } from '../event-subscribers.ts';

/* Test set-up for the preview tests: a real folder storage and real rows, no mocks. */

export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function previewTestDeps(db: Kysely<Database>, tools: SystemTools): Promise<PreviewDeps & { storage: LocalFileStorage }> {
  const storage = new LocalFileStorage(await mkdtemp(join(tmpdir(), 'portal-previews-')));
  return { db, events: createPortalEvents(quietLog), storage, tools, log: quietLog };
}

/** Stores the bytes and inserts a published document whose current version is that file. */
export async function insertStoredVersion(
  deps: Pick<PreviewDeps, 'db' | 'storage'>,
  fileName: string,
  bytes: Uint8Array,
  mediaType = 'application/octet-stream',
): Promise<PreviewVersion> {
  const { db, storage } = deps;
  const stored = await storage.put(Readable.from([bytes]));
  const now = new Date().toISOString();
  const documentId = randomUUID();
  const versionId = randomUUID();
  await db.insertInto('document_types').values({ code: 'manual', name: 'Manual' }).onConflict((c) => c.column('code').doNothing()).execute();
  await db.insertInto('documents').values({
    id: documentId, serviceRef: `T${versionId.replaceAll('-', '').slice(0, 12)}`, variantGroup: documentId, title: `Test ${fileName}`,
    typeCode: 'manual', languageCode: 'en', currentVersionId: null, createdAt: now, updatedAt: now,
  }).execute();
  await db.insertInto('document_versions').values({
    id: versionId, documentId, resourceVersion: 'A', fileName, size: stored.size, mediaType, sha256: stored.sha256,
    storageKey: stored.key, publishedAt: now, pageCount: null, thumbnailKey: null, previewPdfKey: null, posterKey: null,
    previewError: null, createdAt: now,
  }).execute();
  await db.updateTable('documents').set({ currentVersionId: versionId }).where('id', '=', documentId).execute();
  return db.selectFrom('document_versions').selectAll().where('id', '=', versionId).executeTakeFirstOrThrow();
}
