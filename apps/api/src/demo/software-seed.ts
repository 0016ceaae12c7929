import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { createDocumentMetadataSchema } from '@portal/contracts/admin-documents';
import type { Database } from '../platform/db/schema.ts';
import type { PortalEventBus } from '../platform/events/index.ts';
import { generatePdf } from './generate-pdf.ts';
import { ensureReferenceData } from './reference-data.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { createDocument, storeUpload } from '../modules/admin-documents/index.ts';
import { findDocumentByServiceRef } from '../modules/documents/index.ts';
import { demoBytes } from './demo-bytes.ts';
import type { FileInput } from '../platform/storage/store-file.ts';
import { installationText, releaseNotesContent } from './release-notes-content.ts';
import { demoSoftware, type DemoSoftwareItem, type DemoSoftwareVersion } from './software-demo-data.ts';
import { findItemByEquipmentName, insertSoftware } from '../modules/software/index.ts';

export interface ContentSeedDeps {
  db: Kysely<Database>;
  events: PortalEventBus;
  storage: FileStorage;
  /** Wakes the job runner after documents queued their preview jobs. */
  afterCommit?: () => void;
}

const partnersOnly = [{ kind: 'role' as const, value: 'partner' }];
const maxReleaseNotesBytes = 20 * 1024 * 1024;

/** A serviceRef of letters and digits, stable per item and version (so a re-run finds the document). */
export function releaseNotesServiceRef(equipmentName: string, versionNumber: string): string {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return `RN${clean(equipmentName)}V${clean(versionNumber)}`;
}

/** The release-notes document of a version, made through the document ingest service unless it already exists. */
async function ensureReleaseNotes(deps: ContentSeedDeps, item: DemoSoftwareItem, version: DemoSoftwareVersion): Promise<string> {
  const serviceRef = releaseNotesServiceRef(item.equipmentName, version.number);
  const existing = await findDocumentByServiceRef(deps.db, serviceRef);
  if (existing) return existing.id;
  const content = releaseNotesContent(item, version);
  const fileName = `${item.equipmentName}-${version.number}-release-notes.pdf`;
  const upload = await storeUpload(deps.storage, Readable.from([Buffer.from(await generatePdf(content, 2))]), fileName, maxReleaseNotesBytes);
  const restricted = version.partnersOnly || item.audience === 'restricted';
  const metadata = createDocumentMetadataSchema.parse({
    serviceRef,
    title: content.title,
    description: `Release notes of ${item.name} ${version.number}.`,
    typeCode: 'releaseNotes',
    languageCode: 'en',
    products: item.compatibleEquipment,
    audience: restricted ? 'restricted' : 'everyone',
    access: restricted ? partnersOnly : [],
    resourceVersion: 'A',
    status: 'published',
    publishedAt: `${version.releaseDate}T09:00:00.000Z`,
  });
  const document = await createDocument({ db: deps.db, events: deps.events, afterCommit: deps.afterCommit }, metadata, upload);
  return document.id;
}

function demoFile(item: DemoSoftwareItem, version: DemoSoftwareVersion, file: DemoSoftwareVersion['files'][number]): FileInput {
  if (file.mediaType === 'text/plain') return { fileName: file.fileName, mediaType: file.mediaType, content: installationText(item, version, file.size) };
  const header = `${item.name} ${version.number} (${file.fileName}) - demo content of the Technical Resources Portal\n`;
  return { fileName: file.fileName, mediaType: file.mediaType, content: () => demoBytes(`${item.equipmentName}/${version.number}/${file.fileName}`, file.size, header) };
}

/**
 * Seeds the demo software (items, versions, generated files, release notes as documents).
 * Idempotent: items already present are skipped, release notes are found by serviceRef, and each
 * item is written in one transaction, so an interrupted seed completes on the next start.
 * Returns how many items it added.
 */
export async function seedSoftware(deps: ContentSeedDeps): Promise<number> {
  await ensureReferenceData(deps.db);
  let added = 0;
  for (const item of demoSoftware) {
    if (await findItemByEquipmentName(deps.db, item.equipmentName)) continue;
    const versions = [];
    for (const version of item.versions) {
      versions.push({
        number: version.number,
        releaseDate: version.releaseDate,
        status: version.status,
        audience: version.partnersOnly ? ('restricted' as const) : ('everyone' as const),
        rules: version.partnersOnly ? partnersOnly : [],
        releaseNotesDocumentId: await ensureReleaseNotes(deps, item, version),
        files: version.files.map((file) => demoFile(item, version, file)),
      });
    }
    await insertSoftware(deps.db, deps.storage, {
      ...item,
      rules: item.audience === 'restricted' ? partnersOnly : [],
      versions,
    });
    added += 1;
  }
  return added;
}
