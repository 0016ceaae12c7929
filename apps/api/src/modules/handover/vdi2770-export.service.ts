import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { findPreviewVersion } from '../documents/index.ts';
import { identificationLink, packageContents, readableUnit, type PackageFile } from '../units/index.ts';
import { documentationContainerStream, type DocumentationSource } from './documentation-container.ts';
import { classesByType } from './handover-class.service.ts';
import type { HandoverMaker, HandoverObject } from './vdi2770-xml.ts';

export interface HandoverDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  publicUrl: string;
  makerName: string;
  /** ghostscript, for PDF/A (null when not installed: PDFs are exported as they are and reported). */
  gs: string | null;
}

/** The class a document is filed under when its type has none yet (reported in the container). */
const fallbackClass = '01-01';

const day = (iso: string) => iso.slice(0, 10);

async function documentSource(deps: HandoverDeps, maker: HandoverMaker, unit: HandoverObject, file: PackageFile, classId: DocumentationSource['main']['classId']) {
  const { document, version } = file;
  const preview = version.mediaType === 'application/pdf' ? undefined : await findPreviewVersion(deps.db, version.id);
  return {
    containerName: `${safeFileName(`${document.serviceRef}_${version.resourceVersion}_${document.languageCode}`)}.zip`,
    fileName: version.fileName,
    mediaType: version.mediaType,
    storageKey: version.storageKey,
    previewPdfKey: preview?.previewPdfKey ?? null,
    facts: {
      maker, unit, classId, documentId: document.serviceRef, versionId: version.resourceVersion, language: document.languageCode, title: document.title, releasedOn: day(version.publishedAt),
    },
  };
}

/**
 * The VDI 2770 documentation container of a unit the user may see (404 otherwise, like the offline package):
 * the versions its offline package holds in `language`, each document under its type's class.
 */
export async function prepareVdi2770Export(deps: HandoverDeps, user: AuthUser, serial: string, language: string): Promise<{ fileName: string; stream: Readable }> {
  const unit = await readableUnit(deps.db, user, serial);
  const [contents, classes] = await Promise.all([packageContents(deps.db, user, unit, language), classesByType(deps.db)]);
  const maker = { name: deps.makerName, domainId: new URL(deps.publicUrl).host };
  const object = { serialNumber: unit.serialNumber, identificationLink: identificationLink(deps.publicUrl, unit.serialNumber), productCode: unit.productCode };
  const notes: string[] = [];
  const documents = [];
  for (const file of contents.files) {
    const classId = classes.get(file.document.typeCode);
    if (!classId) notes.push(`${file.document.serviceRef}: its document type ${file.document.typeCode} has no VDI 2770 class yet, filed under ${fallbackClass}`);
    documents.push(await documentSource(deps, maker, object, file, classId ?? fallbackClass));
  }
  const main: DocumentationSource['main'] = {
    maker, unit: object, classId: '01-01', documentId: `${unit.serialNumber}-documentation-${contents.version}`, versionId: contents.version, language,
    title: `Documentation of ${unit.serialNumber}`, releasedOn: day(new Date().toISOString()),
    refersTo: documents.map((document) => ({ documentId: document.facts.documentId, versionId: document.facts.versionId })),
  };
  const fileName = `${safeFileName(`${unit.serialNumber}-vdi2770-${language}`)}.zip`;
  return { fileName, stream: documentationContainerStream(deps.gs, deps.storage, { main, documents, notes }) };
}
