import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { productLifetimes, versionsOf, type ApplicableVersionRow } from '../documents/index.ts';
import type { ApplicabilityRow } from './applicability.repository.ts';
import { parseOptions, ruleApplies } from './unit-matching.ts';
import { rulesOfDocuments, unitsForRules, type RetentionUnitRow } from './retention.repository.ts';

/*
 * The ten-years rule (EU Machinery Regulation 2023/1230, Art. 10(7)): the instructions of a machine stay
 * available for the later of ten years after it was placed on the market and its expected lifetime. A unit
 * relies on the versions of each document that applies to it (by product, options and serial range, or as
 * its own document) that were current when it shipped or came after: the version current at its ship date
 * and every later one. Each such version is retained until the latest end over the units relying on it.
 */

export const minimumRetentionYears = 10;
export const defaultLifetimeYears = 10;

/** The date (YYYY-MM-DD) until which a unit shipped at `shippedAt` is owed the versions it relies on. */
export function retentionEnd(shippedAt: string, lifetimeYears: number): string {
  const shipped = new Date(shippedAt);
  const years = Math.max(minimumRetentionYears, lifetimeYears);
  return new Date(Date.UTC(shipped.getUTCFullYear() + years, shipped.getUTCMonth(), shipped.getUTCDate())).toISOString().slice(0, 10);
}

export interface RetentionVersion {
  id: string;
  documentId: string;
  publishedAt: string;
}

/**
 * The versions a unit shipped at `shippedAt` relies on, of one document's versions sorted newest first:
 * the one current at the ship date (compared as the unit page does) and every later one.
 */
export function reliedOnVersions<V extends RetentionVersion>(newestFirst: readonly V[], shippedAt: string): V[] {
  const atShipment = newestFirst.findIndex((version) => version.publishedAt <= shippedAt);
  return atShipment === -1 ? [...newestFirst] : newestFirst.slice(0, atShipment + 1);
}

/** Whether a rule makes the document apply to the unit. */
function ruleMatches(rule: ApplicabilityRow, unit: RetentionUnitRow, options: readonly string[]): boolean {
  if (rule.unitId !== null) return rule.unitId === unit.id;
  return ruleApplies(rule, { serialNumber: unit.serialNumber, productCode: unit.productCode, options });
}

function byDocument<T extends { documentId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.documentId);
    if (group) group.push(row);
    else groups.set(row.documentId, [row]);
  }
  return groups;
}

export interface RetentionInput<V extends RetentionVersion> {
  rules: readonly ApplicabilityRow[];
  units: readonly RetentionUnitRow[];
  /** Every version of the documents, newest first. */
  versions: readonly V[];
  lifetimes: ReadonlyMap<string, number>;
}

/** A version some shipped unit relies on, and the date (YYYY-MM-DD) until which it must stay available. */
export interface RetainedVersion<V extends RetentionVersion = ApplicableVersionRow> {
  version: V;
  until: string;
}

/** Every version some shipped unit relies on, with its retention end, by version id. */
export function retentionByVersion<V extends RetentionVersion>({ rules, units, versions, lifetimes }: RetentionInput<V>): Map<string, RetainedVersion<V>> {
  const options = new Map(units.map((unit) => [unit.id, parseOptions(unit.options)]));
  const rulesByDocument = byDocument(rules);
  const versionsByDocument = byDocument(versions);
  const ends = new Map<string, RetainedVersion<V>>();
  for (const [documentId, documentRules] of rulesByDocument) {
    const documentVersions = versionsByDocument.get(documentId) ?? [];
    for (const unit of units) {
      if (!documentRules.some((rule) => ruleMatches(rule, unit, options.get(unit.id)!))) continue;
      const end = retentionEnd(unit.shippedAt, lifetimes.get(unit.productCode) ?? defaultLifetimeYears);
      for (const version of reliedOnVersions(documentVersions, unit.shippedAt)) {
        const known = ends.get(version.id);
        if (known === undefined || end > known.until) ends.set(version.id, { version, until: end });
      }
    }
  }
  return ends;
}

/** Every version of these documents that a shipped unit relies on, with its retention end, by version id. */
export async function versionRetention(db: Kysely<Database>, documentIds: readonly string[]): Promise<Map<string, RetainedVersion>> {
  const rules = await rulesOfDocuments(db, documentIds);
  if (rules.length === 0) return new Map();
  const products = rules.flatMap((rule) => (rule.productCode === null ? [] : [rule.productCode]));
  const unitIds = rules.flatMap((rule) => (rule.unitId === null ? [] : [rule.unitId]));
  const units = await unitsForRules(db, products, unitIds);
  if (units.length === 0) return new Map();
  const [versions, lifetimes] = await Promise.all([
    versionsOf(db, [...new Set(rules.map((rule) => rule.documentId))]),
    productLifetimes(db, units.map((unit) => unit.productCode)),
  ]);
  return retentionByVersion({ rules, units, versions, lifetimes });
}

/** Today's date in UTC (YYYY-MM-DD): a version is retained while its end is today or later. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
