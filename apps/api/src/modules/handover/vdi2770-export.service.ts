import type { Readable } from 'node:stream';
import type { AuthUser } from '@portal/contracts/users';
import { safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import { findPreviewVersion, readerFileName } from '../documents/index.ts';
import type { PackageFile } from '../units/index.ts';
import { documentationContainerStream, type DocumentationSource } from './documentation-container.ts';
import { day, handoverUnit, type HandoverDeps } from './handover-unit.ts';
import type { HandoverMaker, HandoverObject } from './vdi2770-xml.ts';

async function documentSource(deps: HandoverDeps, maker: HandoverMaker, unit: HandoverObject, file: PackageFile, classId: DocumentationSource['main']['classId']) {
  const { document, version } = file;
  const preview = version.mediaType === 'application/pdf' ? undefined : await findPreviewVersion(deps.db, version.id);
  return {
    containerName: `${safeFileName(`${document.serviceRef}_${version.resourceVersion}_${document.languageCode}`)}.zip`,
    fileName: readerFileName(document, version.fileName),
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
  const { maker, unit, packageVersion, files, notes } = await handoverUnit(deps, user, serial, language);
  const object = { serialNumber: unit.serialNumber, identificationLink: unit.identificationLink, productCode: unit.productCode };
  const documents = [];
  for (const file of files) documents.push(await documentSource(deps, maker, object, file, file.classId));
  const main: DocumentationSource['main'] = {
    maker, unit: object, classId: '01-01', documentId: `${unit.serialNumber}-documentation-${packageVersion}`, versionId: packageVersion, language,
    title: `Documentation of ${unit.serialNumber}`, releasedOn: day(new Date().toISOString()),
    refersTo: documents.map((document) => ({ documentId: document.facts.documentId, versionId: document.facts.versionId })),
  };
  const fileName = `${safeFileName(`${unit.serialNumber}-vdi2770-${language}`)}.zip`;
  return { fileName, stream: documentationContainerStream(deps.gs, deps.storage, { main, documents, notes }) };
}
