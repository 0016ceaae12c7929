import type { Generated } from 'kysely';
import type { AccessRuleKind, DocumentAudience } from '../../platform/db/schema.ts';

/** An installed machine (the machine passport); `options` is a JSON list of CAD option codes. */
export interface UnitsTable {
  id: string;
  serialNumber: string;
  productCode: string;
  options: Generated<string>;
  account: string;
  siteName: string | null;
  shippedAt: string;
  /** When its label was first produced: from then on its serial and model never change (IEC 61406-1). */
  labelledAt: string | null;
  /** Always 'restricted': the grants in unit_access (owner account, serving partners) and staff see a unit. */
  audience: Generated<DocumentAudience>;
  createdAt: string;
  updatedAt: string;
}

export interface UnitAccessTable {
  unitId: string;
  kind: AccessRuleKind;
  value: string;
  expiresAt: string | null;
  createdAt: string;
}

/** Where a document applies: a product (optionally an option code and a serial range), or one unit (`unitId`). */
export interface DocumentApplicabilityTable {
  id: string;
  documentId: string;
  productCode: string | null;
  optionCode: string | null;
  serialFrom: string | null;
  serialTo: string | null;
  unitId: string | null;
  createdAt: string;
}

/** A safety or change notice on a product's serial range (and options, a JSON list all of which a unit must have). */
export interface UnitNoticesTable {
  id: string;
  kind: 'safety' | 'change';
  title: string;
  body: Generated<string>;
  productCode: string;
  serialFrom: string | null;
  serialTo: string | null;
  options: Generated<string>;
  publishedAt: string;
  closedAt: string | null;
  /** The language the notice was written in (its source). */
  languageCode: Generated<string>;
}

/** The same notice in another language than its source: one text a language. */
export interface UnitNoticeTranslationsTable {
  noticeId: string;
  languageCode: string;
  title: string;
  body: Generated<string>;
  updatedAt: string;
}

/** The tables units owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface UnitTables {
  units: UnitsTable;
  unit_access: UnitAccessTable;
  document_applicability: DocumentApplicabilityTable;
  unit_notices: UnitNoticesTable;
  unit_notice_translations: UnitNoticeTranslationsTable;
}
