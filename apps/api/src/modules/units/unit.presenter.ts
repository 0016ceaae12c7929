import type { UnitDocument, UnitSummary } from '@portal/contracts/units';
import type { ApplicableVersionRow } from '../documents/index.ts';
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

function presentVersion(version: ApplicableVersionRow): UnitDocument['current'] {
  return {
    versionId: version.id,
    resourceVersion: version.resourceVersion,
    publishedAt: version.publishedAt,
    fileName: version.fileName,
    published: version.status === 'published',
  };
}

export function presentUnitDocument({ document, current, atShipment }: PassportDocument): UnitDocument {
  return {
    id: document.id,
    serviceRef: document.serviceRef,
    title: document.title,
    typeCode: document.typeCode,
    languageCode: document.languageCode,
    current: presentVersion(current),
    atShipment: atShipment ? presentVersion(atShipment) : null,
  };
}
