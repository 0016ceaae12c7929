import type { Kysely } from 'kysely';
import type { PublicDeclaration, PublicUnit } from '@portal/contracts/unit-identification';
import { notFound } from '../../platform/errors.ts';
import type { Database } from '../../platform/db/schema.ts';
import { readerFileName, referenceNames, visibleDocuments, visibleDocumentsFilter, type ApplicableDocumentRow, type ApplicableVersionRow } from '../documents/index.ts';
import { identificationLink } from './identification-link.ts';
import { publicPicturePath, signedOutViewer, unitPictureKey } from './public-unit-picture.service.ts';
import { applyingDocumentIds, declarationType, inLanguage, withVersions } from './unit-documents.ts';
import { findUnitBySerial, type UnitRow } from './unit.repository.ts';
import { unitFacts } from './unit.service.ts';

export interface PublicUnitDeps {
  db: Kysely<Database>;
  publicUrl: string;
  maker: string;
}

const isPublicDeclaration = (document: ApplicableDocumentRow) => document.typeCode === declarationType && document.downloadable === 1;

interface UnitDeclaration {
  document: ApplicableDocumentRow;
  version: ApplicableVersionRow;
}

/**
 * The unit's declarations of conformity anyone may read: published, downloadable documents of type
 * `declarationOfConformity` for everyone that apply to it (its model, options and serial, or the unit
 * itself), in `language` where such a variant exists; each in the version current when the unit shipped
 * (its first one when none was yet). Nothing else of the unit's documents is ever read here.
 */
async function unitDeclarations(db: Kysely<Database>, unit: UnitRow, language: string): Promise<UnitDeclaration[]> {
  const facts = unitFacts(unit);
  const ids = await applyingDocumentIds(db, facts);
  const documents = (await visibleDocuments(db, [...ids.applicable, ...ids.own], visibleDocumentsFilter(signedOutViewer))).filter(isPublicDeclaration);
  const chosen = (await inLanguage(db, signedOutViewer, documents, language)).filter(isPublicDeclaration);
  const entries = await withVersions(db, signedOutViewer, chosen, unit.shippedAt);
  return entries.map((entry) => ({ document: entry.document, version: entry.atShipment ?? entry.current }));
}

/** The public address of a declaration of a unit, in the language the page asked for. */
export const publicDeclarationPath = (serial: string, serviceRef: string, language: string) =>
  `/public/units/${encodeURIComponent(serial)}/declarations/${encodeURIComponent(serviceRef)}?language=${encodeURIComponent(language)}`;

/**
 * What a signed-out person who scanned a machine's code may learn: the serial, the maker and the
 * model, all printed on the machine anyway, with its picture, and the model's EU declaration of conformity.
 * An unknown serial gets the same answer without a model or declaration; the owner, the site, the options and the
 * other documents stay behind sign-in.
 */
export async function publicUnit({ db, publicUrl, maker }: PublicUnitDeps, serial: string, language: string): Promise<PublicUnit> {
  const unit = await findUnitBySerial(db, serial);
  const name = unit ? (await referenceNames(db, { types: [], products: [unit.productCode] })).products.get(unit.productCode) : undefined;
  const declarations: PublicDeclaration[] = unit
    ? (await unitDeclarations(db, unit, language)).map(({ document, version }) => ({
        title: document.title,
        languageCode: document.languageCode,
        resourceVersion: version.resourceVersion,
        publishedAt: version.publishedAt,
        fileName: readerFileName(document, version.fileName),
        href: publicDeclarationPath(serial, document.serviceRef, language),
      }))
    : [];
  return {
    serialNumber: serial,
    identificationLink: identificationLink(publicUrl, serial),
    maker,
    model: unit ? { code: unit.productCode, name: name ?? unit.productCode, pictureUrl: (await unitPictureKey(db, unit)) ? publicPicturePath(serial) : null } : null,
    declarations,
  };
}

/** The one answer for a serial without that declaration, known or not. */
const noDeclaration = () => notFound('notFound', 'There is no such declaration of conformity for this serial number.');

/** The stored file of a declaration the public page lists for this serial and language, and the name readers get it under; 404 `notFound` for anything else. */
export async function publicDeclarationFile(
  db: Kysely<Database>,
  serial: string,
  serviceRef: string,
  language: string,
): Promise<{ version: ApplicableVersionRow; fileName: string }> {
  const unit = await findUnitBySerial(db, serial);
  if (!unit) throw noDeclaration();
  const found = (await unitDeclarations(db, unit, language)).find((entry) => entry.document.serviceRef === serviceRef);
  if (!found) throw noDeclaration();
  return { version: found.version, fileName: readerFileName(found.document, found.version.fileName) };
}
