import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { mayDownload } from '../../platform/access/index.ts';
import { safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import type { Database } from '../../platform/db/schema.ts';
import { readerFileName, visibleDocuments, visibleDocumentsFilter } from '../documents/index.ts';
import { compatibleSoftware } from './unit-catalogue.ts';
import { declarationsOf, unitDocuments, withVersions, type PassportDocument, type UnitDocuments } from './unit-documents.ts';
import { parseOptions } from './unit-matching.ts';
import type { UnitRow } from './unit.repository.ts';

/* What an offline package of a unit holds, and the version that tells whether a package is out of date. */

export type PackageFileType = 'declaration' | 'document' | 'unit-document' | 'release-notes';

export interface PackageFile extends Pick<PassportDocument, 'document'> {
  /** Path inside the package, relative to manifest.json and index.html. */
  path: string;
  type: PackageFileType;
  version: PassportDocument['current'];
  /** For an applicable document's older version: it was current when the unit shipped. */
  atShipment: boolean;
}

export interface PackageContents {
  language: string;
  files: PackageFile[];
  /** The unit's retention end (YYYY-MM-DD): withdrawn versions in the package are kept for it until then. */
  retainedUntil: string;
  /** `<language>.<fingerprint>`: changes whenever a file of the package would change. */
  version: string;
}

const folders: Record<PackageFileType, string> = { declaration: 'declaration', document: 'documents', 'unit-document': 'unit', 'release-notes': 'software' };

function packageFile(type: PackageFileType, entry: PassportDocument, version: PassportDocument['current'], atShipment: boolean): PackageFile {
  const folder = safeFileName(`${entry.document.serviceRef}-${version.resourceVersion}`);
  const name = safeFileName(readerFileName(entry.document, version.fileName));
  return { path: `${folders[type]}/${folder}/${name}`, type, document: entry.document, version, atShipment };
}

/** A fingerprint of which versions a package holds, in which language. */
export function packageVersion(language: string, files: readonly PackageFile[]): string {
  const lines = files.map((file) => `${file.document.id}:${file.version.id}`).sort();
  return `${language}.${createHash('sha256').update([language, ...lines].join('\n')).digest('hex').slice(0, 16)}`;
}

/**
 * The files of the unit's offline package for this user: its EU declarations of conformity first, every
 * other applicable document (in `language` where a variant exists; the version current at shipment too
 * when it differs), the unit's own documents and the release notes of its compatible software. Withdrawn
 * versions the unit relies on are in while its retention runs. View-only documents stay out (staff excepted).
 */
export async function packageContents(
  db: Kysely<Database>,
  user: AuthUser,
  unit: UnitRow,
  language: string,
  /** The unit's documents in `language` for this user, when the caller has them already. */
  known?: UnitDocuments,
): Promise<PackageContents> {
  const facts = { id: unit.id, serialNumber: unit.serialNumber, productCode: unit.productCode, options: parseOptions(unit.options), shippedAt: unit.shippedAt };
  const documents = known ?? (await unitDocuments(db, user, facts, language));
  const { applicable, own, retainedUntil } = documents;
  const software = await compatibleSoftware(db, user, unit);
  const notesDocuments = await visibleDocuments(db, software.flatMap((item) => item.releaseNotes?.documentId ?? []), visibleDocumentsFilter(user));
  const notes = await withVersions(db, user, notesDocuments, null);

  const seen = new Set<string>();
  const files: PackageFile[] = [];
  const add = (type: PackageFileType, entries: readonly PassportDocument[]) => {
    for (const entry of entries) {
      if (seen.has(entry.document.id) || !mayDownload(user, entry.document)) continue;
      seen.add(entry.document.id);
      files.push(packageFile(type, entry, entry.current, false));
      if (entry.atShipment) files.push(packageFile(type, entry, entry.atShipment, true));
    }
  };
  add('declaration', declarationsOf(documents));
  add('document', applicable);
  add('unit-document', own);
  add('release-notes', notes);
  return { language, files, retainedUntil, version: packageVersion(language, files) };
}
