import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApplicabilityBody, ApplicabilityResponse } from '@portal/contracts/units';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, type ErrorDetail } from '../../platform/errors.ts';
import { assertCanReadDocument, referenceNames } from '../documents/index.ts';
import type { AuthUser } from '@portal/contracts/users';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { listApplicability, replaceApplicability, type ApplicabilityRow } from './applicability.repository.ts';
import { optionLabels } from './unit-catalogue.ts';
import { findUnitById, findUnitBySerial } from './unit.repository.ts';

/* Where a document applies (staff set it): products, narrowed by option codes and serial ranges, or one unit. */

async function present(db: Kysely<Database>, documentId: string, rows: readonly ApplicabilityRow[]): Promise<ApplicabilityResponse> {
  const unitRow = rows.find((row) => row.unitId !== null);
  const unit = unitRow?.unitId ? await findUnitById(db, unitRow.unitId) : undefined;
  return {
    documentId,
    rules: rows.filter((row) => row.productCode !== null).map((row) => ({ product: row.productCode!, option: row.optionCode, serialFrom: row.serialFrom, serialTo: row.serialTo })),
    unit: unit?.serialNumber ?? null,
  };
}

export async function getApplicability({ db }: { db: Kysely<Database> }, user: AuthUser, documentId: string): Promise<ApplicabilityResponse> {
  await assertCanReadDocument(db, user, documentId);
  return present(db, documentId, await listApplicability(db, documentId));
}

/** Replaces where the document applies (staff, through the console); audited as `applicability` with the rules before and after. */
export async function setApplicability(
  { db }: { db: Kysely<Database> },
  user: AuthUser,
  documentId: string,
  body: ApplicabilityBody,
  audit: AuditContext,
  at = new Date().toISOString(),
): Promise<ApplicabilityResponse> {
  await assertCanReadDocument(db, user, documentId);
  return db.transaction().execute(async (trx) => {
    const { rules, unit } = await present(trx, documentId, await listApplicability(trx, documentId));
    const after = await storeApplicability(trx, documentId, body, at);
    await recordAudit(trx, audit, { action: 'applicability', object: { kind: 'document', id: documentId }, before: { rules, unit }, after: { rules: after.rules, unit: after.unit } });
    return after;
  });
}

/**
 * Replaces where an existing document applies, for callers that already decided who may (the bulk
 * import's manifest); 400 listing every unknown product, option or unit.
 */
export async function storeApplicability(db: Kysely<Database>, documentId: string, body: ApplicabilityBody, at = new Date().toISOString()): Promise<ApplicabilityResponse> {
  const codes = [...new Set(body.rules.map((rule) => rule.product))];
  const products = (await referenceNames(db, { types: [], products: codes })).products;
  const labels = await optionLabels(db, codes);
  const problems: ErrorDetail[] = [];
  body.rules.forEach((rule, index) => {
    if (!products.has(rule.product)) problems.push({ path: `rules.${index}.product`, message: `"${rule.product}" is not a known product` });
    else if (rule.option && !labels.get(rule.product)?.has(rule.option)) problems.push({ path: `rules.${index}.option`, message: `"${rule.option}" is not an option code of ${rule.product}` });
  });
  const unit = body.unit ? await findUnitBySerial(db, body.unit) : undefined;
  if (body.unit && !unit) problems.push({ path: 'unit', message: `There is no unit ${body.unit}` });
  if (problems.length > 0) throw badRequest('invalidParameters', 'The applicability names unknown products, options or units.', problems);
  const rows: ApplicabilityRow[] = unit
    ? [{ id: randomUUID(), documentId, productCode: null, optionCode: null, serialFrom: null, serialTo: null, unitId: unit.id, createdAt: at }]
    : body.rules.map((rule) => ({ id: randomUUID(), documentId, productCode: rule.product, optionCode: rule.option, serialFrom: rule.serialFrom, serialTo: rule.serialTo, unitId: null, createdAt: at }));
  await replaceApplicability(db, documentId, rows);
  return present(db, documentId, rows);
}
