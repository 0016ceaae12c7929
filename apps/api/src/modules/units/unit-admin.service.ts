import type { AdminUnitListQuery, UnitListResponse, UnitSummary, UpdateUnitBody } from '@portal/contracts/units';
import { badRequest, conflict, type ErrorDetail } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { referenceNames } from '../documents/index.ts';
import { unitNotFound } from './unit-access.ts';
import { optionLabels } from './unit-catalogue.ts';
import { parseShipDate } from './unit-import.ts';
import { assertIdentityChangeAllowed } from './unit-identity.ts';
import { parseOptions } from './unit-matching.ts';
import { findUnitBySerial, listUnitsPage, servicePartnersOf, updateUnit } from './unit.repository.ts';
import { summarize, type UnitDeps } from './unit.service.ts';

/* The console's installed base (publishers and admins; the routes check the role): list, search and edit units. */

export async function listAdminUnits(deps: UnitDeps, { q, page, pageSize }: AdminUnitListQuery): Promise<UnitListResponse> {
  const { rows, total } = await listUnitsPage(deps.db, { q, limit: pageSize, offset: (page - 1) * pageSize });
  return { items: await summarize(deps, rows), total };
}

/** The fields an edit may change, as the audit entry shows them. */
const auditedFields = ['serialNumber', 'model', 'options', 'account', 'shippedAt', 'siteName', 'servicePartners'] as const;
const auditView = (unit: UnitSummary) => ({
  serialNumber: unit.serialNumber,
  model: unit.model.code,
  options: unit.options.map((option) => option.code),
  account: unit.account,
  shippedAt: unit.shippedAt,
  siteName: unit.siteName,
  servicePartners: unit.servicePartners,
});

function changedFields(before: UnitSummary, after: UnitSummary) {
  const [was, is] = [auditView(before), auditView(after)];
  const fields = auditedFields.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]));
  const pick = (view: typeof was) => Object.fromEntries(fields.map((field) => [field, view[field]]));
  return { fields, before: pick(was), after: pick(is) };
}

/**
 * PATCH /api/Admin/units/{serial}: 404 for an unknown serial, 400 listing every unknown product, option or bad date,
 * 409 (audited) renaming or changing the model of a labelled unit (unit-identity.ts); audited as `edit`.
 */
export async function updateAdminUnit(deps: UnitDeps, serial: string, body: UpdateUnitBody, audit: AuditContext, at = new Date().toISOString()): Promise<UnitSummary> {
  const current = await findUnitBySerial(deps.db, serial);
  if (!current) throw unitNotFound();
  await assertIdentityChangeAllowed(deps.db, current, body, audit);
  return deps.db.transaction().execute(async (trx) => {
    const unit = await findUnitBySerial(trx, serial);
    if (!unit) throw unitNotFound();
    // Labelled meanwhile (the label routes mark it): the check above no longer holds.
    if (unit.labelledAt !== current.labelledAt) throw conflict(`Serial ${serial} was labelled while you edited it: try again.`);
    const model = body.model ?? unit.productCode;
    const options = body.options ?? parseOptions(unit.options);
    const problems: ErrorDetail[] = [];
    if (body.model && !(await referenceNames(trx, { types: [], products: [model] })).products.has(model)) {
      problems.push({ path: 'model', message: `"${model}" is not a known product` });
    } else {
      const labels = (await optionLabels(trx, [model])).get(model);
      options.forEach((option, index) => {
        if (!labels?.has(option)) problems.push({ path: `options.${index}`, message: `"${option}" is not an option code of ${model}` });
      });
    }
    const shippedAt = body.shippedAt === undefined ? unit.shippedAt : parseShipDate(body.shippedAt);
    if (!shippedAt) problems.push({ path: 'shippedAt', message: `"${body.shippedAt}" is not a date (YYYY-MM-DD)` });
    if (problems.length > 0) throw badRequest('invalidParameters', 'The unit names unknown products or options, or a date that does not exist.', problems);

    const trxDeps = { ...deps, db: trx };
    const [before] = await summarize(trxDeps, [unit]);
    const account = body.account ?? unit.account;
    const partners = body.servicePartners ?? (await servicePartnersOf(trx, [unit])).get(unit.id) ?? [];
    const grantsChange = body.account !== undefined || body.servicePartners !== undefined;
    await updateUnit(
      trx,
      unit.id,
      { serialNumber: body.serialNumber ?? unit.serialNumber, productCode: model, options: JSON.stringify([...new Set(options)]), account, shippedAt: shippedAt!, siteName: body.siteName === undefined ? unit.siteName : body.siteName || null, updatedAt: at },
      grantsChange ? [account, ...partners.filter((partner) => partner !== account)] : undefined,
      at,
    );
    const [after] = await summarize(trxDeps, [(await findUnitBySerial(trx, body.serialNumber ?? serial))!]);
    const change = changedFields(before!, after!);
    if (change.fields.length > 0) await recordAudit(trx, audit, { action: 'edit', object: { kind: 'unit', id: serial }, before: change.before, after: change.after });
    return after!;
  });
}
