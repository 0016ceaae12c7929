import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDocumentMetadataSchema } from '@portal/contracts/admin-documents';
import { runImport, type ImportCounts, type ImportItem } from '../modules/import/index.ts';
import type { PreviewDeps } from '../previews/preview-deps.ts';
import { withTempDir } from '../previews/stored-file-access.ts';
import { hasAnyDocument } from './demo-content.repository.ts';
import { ensureReferenceData } from './reference-data.ts';

/**
 * Fills an empty database with the demo document base: generates its files (PDF, DOCX, XLSX,
 * images, MP4, STEP) and ingests them through the same path as the bulk import. Previews are
 * queued as jobs. Does nothing when any document exists; safe to run twice (existing versions are skipped).
 */
export async function seedDemoContent(deps: Pick<PreviewDeps, 'db' | 'events' | 'storage' | 'tools'>): Promise<ImportCounts | null> {
  if (await hasAnyDocument(deps.db)) return null;
  // The generators (PDF, Office, images) are loaded only when there is something to seed.
  const { demoCatalog } = await import('./demo-catalog.ts');
  await ensureReferenceData(deps.db);
  return withTempDir(async (dir) => {
    const items: ImportItem[] = [];
    for (const document of demoCatalog()) {
      for (const version of document.versions) {
        const folder = join(dir, document.serviceRef, version.resourceVersion);
        await mkdir(folder, { recursive: true });
        const path = join(folder, version.fileName);
        await writeFile(path, await version.make(deps.tools));
        const metadata = createDocumentMetadataSchema.parse({
          serviceRef: document.serviceRef,
          title: document.title,
          typeCode: document.typeCode,
          languageCode: document.languageCode,
          products: document.products,
          variantGroup: document.variantGroup,
          sourceLanguage: document.source?.language,
          followsRevision: document.source?.followsRevision,
          audience: document.audience,
          access: document.access,
          downloadable: document.downloadable,
          resourceVersion: version.resourceVersion,
          changeNote: version.changeNote,
          publishedAt: version.publishedAt,
        });
        items.push({ path, relativePath: join(document.serviceRef, version.resourceVersion, version.fileName), metadata });
      }
    }
    return runImport({ db: deps.db, events: deps.events, storage: deps.storage, maxBytes: Number.MAX_SAFE_INTEGER, publication: 'now' }, items, { concurrency: 2 });
  });
}
