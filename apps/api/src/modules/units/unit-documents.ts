import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { isStaff, mayReadVersion } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import {
  audienceOnlyDocumentsFilter,
  productLifetimes,
  versionsOf,
  visibleDocuments,
  visibleDocumentsFilter,
  visibleVariants,
  type ApplicableDocumentRow,
  type ApplicableVersionRow,
} from '../documents/index.ts';
import { productRules, unitDocumentIds } from './applicability.repository.ts';
import { languageFirst } from './reader-language.ts';
import { defaultLifetimeYears, reliedOnVersions, retentionEnd, today } from './retention.ts';
import { ruleApplies, type UnitFacts } from './unit-matching.ts';

/** A document on a unit page: its current version and, when another, the one current at the ship date. */
export interface PassportDocument {
  document: ApplicableDocumentRow;
  current: ApplicableVersionRow;
  atShipment: ApplicableVersionRow | null;
}

export interface UnitDocuments {
  /** Documents applying through the unit's product, options and serial. */
  applicable: PassportDocument[];
  /** Documents of this unit only. */
  own: PassportDocument[];
  /** The unit's retention end (YYYY-MM-DD): withdrawn versions it relies on stay readable for it until then. */
  retainedUntil: string;
}

/** The document type of the EU declaration of conformity (migration 2026-11-28-71). */
export const declarationType = 'declarationOfConformity';

/** The unit's declarations of conformity among its documents (those applying and its own). */
export const declarationsOf = ({ applicable, own }: UnitDocuments): PassportDocument[] =>
  [...applicable, ...own].filter((entry) => entry.document.typeCode === declarationType);

export interface UnitForDocuments extends UnitFacts {
  id: string;
  shippedAt: string;
}

const languageOf = (document: ApplicableDocumentRow) => document.languageCode;

/** Replaces each document by its variant in `language` where the user may see one. */
export async function inLanguage(db: Kysely<Database>, user: AuthUser, documents: ApplicableDocumentRow[], language: string): Promise<ApplicableDocumentRow[]> {
  const variants = await visibleVariants(db, documents.map((document) => document.variantGroup), language, visibleDocumentsFilter(user));
  const byGroup = new Map(variants.map((variant) => [variant.variantGroup, variant]));
  const chosen = documents.map((document) => (document.languageCode === language ? document : (byGroup.get(document.variantGroup) ?? document)));
  return [...new Map(chosen.map((document) => [document.id, document])).values()];
}

/** A unit whose retention still runs: the versions it relies on stay readable on its page when withdrawn. */
export interface RetainingUnit {
  shippedAt: string;
  /** The unit's retention end (YYYY-MM-DD). */
  until: string;
}

/**
 * Pairs documents with their current version and the version current at `shippedAt`. Withdrawn versions:
 * staff, and the versions `retaining` relies on while its retention runs (the newest of them stands in for
 * the current version when every version was withdrawn).
 */
export async function withVersions(
  db: Kysely<Database>,
  user: AuthUser,
  documents: readonly ApplicableDocumentRow[],
  shippedAt: string | null,
  retaining: RetainingUnit | null = null,
): Promise<PassportDocument[]> {
  const versions = await versionsOf(db, documents.map((document) => document.id));
  const retains = retaining !== null && retaining.until >= today();
  return documents.flatMap((document) => {
    const all = versions.filter((version) => version.documentId === document.id);
    const kept = new Set(retains ? reliedOnVersions(all, retaining.shippedAt).map((version) => version.id) : []);
    // A withdrawn document (or one without a current version) shows only what the unit retains, except to staff.
    const shown = isStaff(user) || (document.status === 'published' && document.currentVersionId !== null);
    const own = all.filter((version) => (shown && mayReadVersion(user, version)) || kept.has(version.id));
    const current = own.find((version) => version.id === document.currentVersionId) ?? own.find((version) => kept.has(version.id));
    if (!current) return [];
    const shipped = shippedAt === null ? undefined : own.find((version) => version.publishedAt <= shippedAt);
    return [{ document, current, atShipment: shipped && shipped.id !== current.id ? shipped : null }];
  });
}

/** The ids of the documents whose rules match the unit (`applicable`) and of its own documents. */
export async function applyingDocumentIds(db: Kysely<Database>, unit: UnitForDocuments): Promise<{ applicable: string[]; own: string[] }> {
  const [rules, own] = await Promise.all([productRules(db, unit.productCode), unitDocumentIds(db, unit.id)]);
  return { applicable: rules.filter((rule) => ruleApplies(rule, unit)).map((rule) => rule.documentId), own };
}

/**
 * The documents of a unit the user may see: those whose rules match it and its own, each in
 * `language` where a variant exists (as they are when no language is asked for).
 */
export async function unitDocuments(db: Kysely<Database>, user: AuthUser, unit: UnitForDocuments, language?: string): Promise<UnitDocuments> {
  const lifetime = (await productLifetimes(db, [unit.productCode])).get(unit.productCode) ?? defaultLifetimeYears;
  const retaining = { shippedAt: unit.shippedAt, until: retentionEnd(unit.shippedAt, lifetime) };
  // While the unit's retention runs, withdrawn documents its audience admits stay (withVersions keeps only the retained versions).
  const visible = retaining.until >= today() ? audienceOnlyDocumentsFilter(user) : visibleDocumentsFilter(user);
  const ids = await applyingDocumentIds(db, unit);
  let applicable = await visibleDocuments(db, ids.applicable, visible);
  let own = await visibleDocuments(db, ids.own, visible);
  if (language) {
    // The reader's language first: a document with no variant in it follows, in the order it had.
    applicable = languageFirst(await inLanguage(db, user, applicable, language), language, languageOf);
    own = languageFirst(await inLanguage(db, user, own, language), language, languageOf);
  }
  return {
    applicable: await withVersions(db, user, applicable, unit.shippedAt, retaining),
    own: await withVersions(db, user, own, null, retaining),
    retainedUntil: retaining.until,
  };
}
