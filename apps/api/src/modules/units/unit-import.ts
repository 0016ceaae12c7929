import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { accountSchema, serialNumberSchema, type UnitImportResponse } from '@portal/contracts/units';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordAudits, type AuditContext } from '../audit/index.ts';
import { referenceNames } from '../documents/index.ts';
import { identifiableSerialProblem } from './identification-link.ts';
import { optionLabels } from './unit-catalogue.ts';
import { existingSerials, insertUnits, type NewUnit } from './unit.repository.ts';

/*
 * CSV import of the installed base. Columns: serialNumber, model (a product code), options (CAD
 * option codes separated by `|`), account, shippedAt (YYYY-MM-DD or an ISO time), site (optional),
 * partners (partner accounts serving the unit, separated by `|`, optional). Every line is checked and
 * every problem reported with its line; the lines without problems are imported together.
 */

export const maxImportBytes = 2 * 1024 * 1024;
export const maxImportLines = 5000;
const required = ['serialNumber', 'model', 'account', 'shippedAt'] as const;

type Problem = UnitImportResponse['problems'][number];
interface Row {
  line: number;
  values: Record<string, string | undefined>;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The ship date as ISO time (a plain date is midnight UTC), or null when it is not a real date. */
export function parseShipDate(text: string): string | null {
  const match = isoDate.exec(text);
  if (!match) return null;
  const time = new Date(match[4] ? text : `${text}T00:00:00.000Z`);
  if (Number.isNaN(time.getTime())) return null;
  // Date rolls 2025-02-30 over into March: such a day does not exist.
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (day.getUTCMonth() !== Number(match[2]) - 1 || day.getUTCDate() !== Number(match[3])) return null;
  return time.toISOString();
}

const list = (text: string | undefined) => (text ?? '').split('|').map((part) => part.trim()).filter((part) => part.length > 0);

function readRows(csv: string): Row[] {
  try {
    const records = parse(csv, { columns: true, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true, to_line: maxImportLines + 2 }) as Array<{
      record: Record<string, string | undefined>;
      info: { lines: number };
    }>;
    return records.map(({ record, info }) => ({ line: info.lines, values: record }));
  } catch (error) {
    throw badRequest('invalidParameters', `The CSV cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Checks every line, imports the good ones, reports the others. Each unit added is audited as `import` (with the
 * accounts and partners it grants access to) in the transaction that adds it.
 */
export async function importUnits(db: Kysely<Database>, csv: string, audit: AuditContext, at = new Date().toISOString()): Promise<UnitImportResponse> {
  const rows = readRows(csv);
  if (rows.length > maxImportLines) throw badRequest('invalidParameters', `Import at most ${maxImportLines} units at once.`);
  const header = rows[0] ? Object.keys(rows[0].values) : [];
  const missing = required.filter((column) => !header.includes(column));
  if (rows.length > 0 && missing.length > 0) throw badRequest('invalidParameters', `The CSV lacks the columns: ${missing.join(', ')}.`);

  const models = [...new Set(rows.map((row) => row.values.model ?? ''))];
  const products = (await referenceNames(db, { types: [], products: models.filter(Boolean) })).products;
  const labels = await optionLabels(db, models);
  const taken = await existingSerials(db, rows.map((row) => row.values.serialNumber ?? ''));
  const seen = new Set<string>();
  const problems: Problem[] = [];
  const units: NewUnit[] = [];

  for (const { line, values } of rows) {
    const serial = values.serialNumber ?? '';
    const own: string[] = [];
    if (!serialNumberSchema.safeParse(serial).success) own.push(`serialNumber "${serial}" is not a serial number`);
    else if (identifiableSerialProblem(serial)) own.push(identifiableSerialProblem(serial)!);
    else if (seen.has(serial) || taken.has(serial)) own.push(`serialNumber ${serial} is a duplicate (${taken.has(serial) ? 'already imported' : 'earlier in this file'})`);
    seen.add(serial);
    const model = values.model ?? '';
    if (!products.has(model)) own.push(`model "${model}" is not a known product`);
    const options = list(values.options);
    for (const option of options) {
      if (!labels.get(model)?.has(option)) own.push(`option "${option}" is not an option code of ${model || 'the model'}`);
    }
    const account = values.account ?? '';
    if (!accountSchema.safeParse(account).success) own.push(`account "${account}" is not an account`);
    const partners = list(values.partners);
    for (const partner of partners) if (!accountSchema.safeParse(partner).success) own.push(`partner "${partner}" is not an account`);
    const shippedAt = parseShipDate(values.shippedAt ?? '');
    if (!shippedAt) own.push(`shippedAt "${values.shippedAt ?? ''}" is not a date (YYYY-MM-DD)`);
    const site = values.site?.trim() || null;
    if (site && site.length > 200) own.push('site is longer than 200 characters');
    if (own.length > 0) {
      problems.push(...own.map((message) => ({ line, serialNumber: serial || null, message })));
      continue;
    }
    units.push({
      unit: { id: randomUUID(), serialNumber: serial, productCode: model, options: JSON.stringify(options), account, siteName: site, shippedAt: shippedAt!, createdAt: at, updatedAt: at },
      accounts: [account, ...partners],
    });
  }
  if (units.length > 0) {
    await db.transaction().execute(async (trx) => {
      await insertUnits(trx, units, at);
      await recordAudits(
        trx,
        audit,
        units.map(({ unit, accounts }) => ({
          action: 'import' as const,
          object: { kind: 'unit', id: unit.serialNumber },
          after: { model: unit.productCode, options: JSON.parse(unit.options ?? '[]') as unknown, account: unit.account, partners: [...new Set(accounts)].slice(1), shippedAt: unit.shippedAt, siteName: unit.siteName ?? null },
        })),
      );
    });
  }
  return { imported: units.length, problems };
}
