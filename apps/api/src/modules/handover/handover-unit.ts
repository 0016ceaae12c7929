import type { Kysely } from 'kysely';
import type { Vdi2770ClassId } from '@portal/contracts/handover';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { identificationLink, packageContents, readableUnit, type PackageFile } from '../units/index.ts';
import { classesByType } from './handover-class.service.ts';
import type { HandoverMaker, HandoverObject } from './vdi2770-xml.ts';

/* What both exports (VDI 2770 and AASX) hand over of a unit: the offline package's versions, each under its type's class. */

export interface HandoverDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  publicUrl: string;
  makerName: string;
  /** ghostscript, for PDF/A (null when not installed: PDFs are exported as they are and reported). */
  gs: string | null;
}

/** The class a document is filed under when its type has none yet (reported in the export). */
const fallbackClass: Vdi2770ClassId = '01-01';

export interface HandoverUnit {
  maker: HandoverMaker;
  unit: HandoverObject & { shippedAt: string };
  /** The offline package's version (`<language>.<fingerprint>`). */
  packageVersion: string;
  files: Array<PackageFile & { classId: Vdi2770ClassId }>;
  /** Documents filed under the fallback class. */
  notes: string[];
}

/** The unit `serial` if the user may see it (404 otherwise, like the offline package) and the versions its package holds in `language`. */
export async function handoverUnit(deps: Pick<HandoverDeps, 'db' | 'publicUrl' | 'makerName'>, user: AuthUser, serial: string, language: string): Promise<HandoverUnit> {
  const unit = await readableUnit(deps.db, user, serial);
  const [contents, classes] = await Promise.all([packageContents(deps.db, user, unit, language), classesByType(deps.db)]);
  const notes: string[] = [];
  const files = contents.files.map((file) => {
    const classId = classes.get(file.document.typeCode);
    if (!classId) notes.push(`${file.document.serviceRef}: its document type ${file.document.typeCode} has no VDI 2770 class yet, filed under ${fallbackClass}`);
    return { ...file, classId: classId ?? fallbackClass };
  });
  return {
    maker: { name: deps.makerName, domainId: new URL(deps.publicUrl).host },
    unit: { serialNumber: unit.serialNumber, identificationLink: identificationLink(deps.publicUrl, unit.serialNumber), productCode: unit.productCode, shippedAt: unit.shippedAt },
    packageVersion: contents.version,
    files,
    notes,
  };
}

/** YYYY-MM-DD of an ISO timestamp. */
export const day = (iso: string): string => iso.slice(0, 10);
