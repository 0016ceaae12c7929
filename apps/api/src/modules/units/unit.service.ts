import type { Kysely } from 'kysely';
import type { TranslationStatus } from '@portal/contracts/documents';
import type { UnitDetail, UnitDetailQuery, UnitListResponse, UnitSummary } from '@portal/contracts/units';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { referenceNames, translationStatusesOf } from '../documents/index.ts';
import { identificationLink } from './identification-link.ts';
import { packageContents } from './package-contents.ts';
import { languageFirst } from './reader-language.ts';
import { unitNotFound, visibleUnitsFilter } from './unit-access.ts';
import { compatibleSoftware, optionLabels, unitCadSet } from './unit-catalogue.ts';
import { declarationsOf, unitDocuments, type PassportDocument } from './unit-documents.ts';
import { parseOptions, type UnitFacts } from './unit-matching.ts';
import { noticesByUnit } from './unit-notices.ts';
import { presentUnitDocument, presentUnitSummary } from './unit.presenter.ts';
import { findVisibleUnit, listVisibleUnits, servicePartnersOf, type UnitRow } from './unit.repository.ts';

export interface UnitDeps {
  db: Kysely<Database>;
  publicUrl: string;
}

export const unitFacts = (unit: UnitRow): UnitFacts & { id: string; shippedAt: string } => ({
  id: unit.id, serialNumber: unit.serialNumber, productCode: unit.productCode, options: parseOptions(unit.options), shippedAt: unit.shippedAt,
});

/** The unit with this serial if the user may see it; otherwise 404, the same as for a serial that does not exist. */
export async function readableUnit(db: Kysely<Database>, user: AuthUser, serial: string): Promise<UnitRow> {
  const unit = await findVisibleUnit(db, serial, visibleUnitsFilter(user));
  if (!unit) throw unitNotFound();
  return unit;
}

/** Summaries of units (already checked visible), in the given order. */
export async function summarize({ db, publicUrl }: UnitDeps, units: readonly UnitRow[]): Promise<UnitSummary[]> {
  const codes = [...new Set(units.map((unit) => unit.productCode))];
  const [names, labels, partners, notices] = await Promise.all([
    referenceNames(db, { types: [], products: codes }),
    optionLabels(db, codes),
    servicePartnersOf(db, units),
    noticesByUnit(db, units.map(unitFacts)),
  ]);
  return units.map((unit) =>
    presentUnitSummary(unit, {
      productName: names.products.get(unit.productCode),
      optionLabels: labels.get(unit.productCode),
      servicePartners: partners.get(unit.id) ?? [],
      identificationLink: identificationLink(publicUrl, unit.serialNumber),
      openNotices: notices.get(unit.serialNumber)?.length ?? 0,
    }),
  );
}

/** "My equipment": the units the user may see (customers: their account's; partners: those they serve; staff: all). */
export async function listUnits(deps: UnitDeps, user: AuthUser): Promise<UnitListResponse> {
  const items = await summarize(deps, await listVisibleUnits(deps.db, visibleUnitsFilter(user)));
  return { items, total: items.length };
}

const present = (entries: readonly PassportDocument[], retainedUntil: string, translations: ReadonlyMap<string, TranslationStatus>) =>
  entries.map((entry) => presentUnitDocument(entry, retainedUntil, translations));

const languageOf = (entry: PassportDocument) => entry.document.languageCode;

/**
 * One unit's passport: documents as shipped and current, its own documents, its declarations of conformity
 * (in the page's language where a variant exists), software, CAD set, notices, package state.
 */
export async function getUnit(deps: UnitDeps, user: AuthUser, serial: string, query: UnitDetailQuery): Promise<UnitDetail> {
  const { db } = deps;
  const unit = await readableUnit(db, user, serial);
  const facts = unitFacts(unit);
  const inLanguage = await unitDocuments(db, user, facts, query.language);
  const listed = [...inLanguage.applicable, ...inLanguage.own].map((entry) => entry.document.id);
  const [[summary], software, cadSet, notices, offlinePackage, translations] = await Promise.all([
    summarize(deps, [unit]),
    compatibleSoftware(db, user, unit),
    unitCadSet(db, user, facts),
    noticesByUnit(db, [facts], query.language),
    packageContents(db, user, unit, query.language, inLanguage),
    translationStatusesOf(db, listed),
  ]);
  let outdated: boolean | null = null;
  if (query.packageVersion) {
    const language = query.packageVersion.split('.')[0]!;
    const current = language === offlinePackage.language ? offlinePackage : await packageContents(db, user, unit, language);
    outdated = current.version !== query.packageVersion;
  }
  return {
    ...summary!,
    // Every document that applies, in the page's language where a variant exists, the reader's language first.
    documents: present(languageFirst(inLanguage.applicable, query.language, languageOf), inLanguage.retainedUntil, translations),
    ownDocuments: present(languageFirst(inLanguage.own, query.language, languageOf), inLanguage.retainedUntil, translations),
    declarations: present(declarationsOf(inLanguage), inLanguage.retainedUntil, translations),
    software,
    cadSet,
    notices: notices.get(unit.serialNumber) ?? [],
    offlinePackage: { version: offlinePackage.version, outdated },
  };
}
