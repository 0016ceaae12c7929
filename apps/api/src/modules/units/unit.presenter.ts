import type { TranslationStatus } from '@portal/contracts/documents';
import type { UnitDocument, UnitSummary } from '@portal/contracts/units';
import { readerFileName, type ApplicableDocumentRow, type ApplicableVersionRow } from '../documents/index.ts';
import type { UnitRow } from './unit.repository.ts';
import type { PassportDocument } from './unit-documents.ts';
import { parseOptions } from './unit-matching.ts';

export interface SummaryContext {
  productName: string | undefined;
  optionLabels: ReadonlyMap<string, string> | undefined;
  servicePartners: string[];
  identificationLink: string;
  openNotices: number;
}

export function presentUnitSummary(unit: UnitRow, context: SummaryContext): UnitSummary {
  return {
    serialNumber: unit.serialNumber,
    model: { code: unit.productCode, name: context.productName ?? unit.productCode },
    options: parseOptions(unit.options).map((code) => ({ code, label: context.optionLabels?.get(code) ?? code })),
    account: unit.account,
    siteName: unit.siteName,
    shippedAt: unit.shippedAt,
    servicePartners: context.servicePartners,
    identificationLink: context.identificationLink,
    openNotices: context.openNotices,
  };
}

function presentVersion(document: ApplicableDocumentRow, version: ApplicableVersionRow, retainedUntil: string): UnitDocument['current'] {
  const published = version.status === 'published';
  return {
    versionId: version.id,
    resourceVersion: version.resourceVersion,
    publishedAt: version.publishedAt,
    fileName: readerFileName(document, version.fileName),
    published,
    keptUntil: published ? null : retainedUntil,
  };
}

/**
 * A document of the unit page. A withdrawn version on it is one the unit relies on (or one staff see):
 * `keptUntil` is the unit's retention end, until which it stays readable for the unit. `translations`, where
 * given, holds the translation status of each document that is a translation.
 */
export function presentUnitDocument(
  { document, current, atShipment }: PassportDocument,
  retainedUntil: string,
  translations?: ReadonlyMap<string, TranslationStatus>,
): UnitDocument {
  return {
    id: document.id,
    serviceRef: document.serviceRef,
    title: document.title,
    typeCode: document.typeCode,
    languageCode: document.languageCode,
    downloadable: document.downloadable === 1,
    current: presentVersion(document, current, retainedUntil),
    atShipment: atShipment ? presentVersion(document, atShipment, retainedUntil) : null,
    ...(translations ? { translation: translations.get(document.id) ?? null } : {}),
  };
}
