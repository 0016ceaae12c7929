import { type Expression, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { containsText } from '../../platform/db/contains-pattern.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { UnitsTable } from './unit.tables.ts';

export type UnitRow = Selectable<UnitsTable>;

/** A unit to insert, with the accounts that may see it besides staff. */
export interface NewUnit {
  unit: Insertable<UnitsTable> & { id: string };
  /** The owner's account first, then the partner accounts serving the unit. */
  accounts: readonly string[];
}

/** The unit with this serial when it passes `visible` (the user's access filter). */
export async function findVisibleUnit(db: Kysely<Database>, serial: string, visible: Expression<SqlBool>): Promise<UnitRow | undefined> {
  return db.selectFrom('units').selectAll().where('serialNumber', '=', serial).where(visible).executeTakeFirst();
}

/** The units passing `visible`, by serial number; optionally only these serials. */
export async function listVisibleUnits(db: Kysely<Database>, visible: Expression<SqlBool>, serials?: readonly string[]): Promise<UnitRow[]> {
  if (serials && serials.length === 0) return [];
  let query = db.selectFrom('units').selectAll().where(visible);
  if (serials) query = query.where('serialNumber', 'in', [...serials]);
  return query.orderBy('serialNumber').execute();
}

/**
 * The products of the units of this account installed at this site that are among `codes`
 * (the controllers beside a robot); none when the site is not known.
 */
export async function productsAtSite(db: Kysely<Database>, unit: Pick<UnitRow, 'id' | 'account' | 'siteName'>, codes: readonly string[]): Promise<string[]> {
  if (!unit.siteName || codes.length === 0) return [];
  const rows = await db
    .selectFrom('units')
    .select('productCode')
    .distinct()
    .where('account', '=', unit.account)
    .where('siteName', '=', unit.siteName)
    .where('id', '!=', unit.id)
    .where('productCode', 'in', [...codes])
    .execute();
  return rows.map((row) => row.productCode);
}

/** The partner accounts serving each unit (its grants other than the owner's account). */
export async function servicePartnersOf(db: Kysely<Database>, units: readonly UnitRow[]): Promise<Map<string, string[]>> {
  const partners = new Map<string, string[]>(units.map((unit) => [unit.id, []]));
  if (units.length === 0) return partners;
  const owners = new Map(units.map((unit) => [unit.id, unit.account]));
  const grants = await db
    .selectFrom('unit_access')
    .select(['unitId', 'value'])
    .where('unitId', 'in', [...owners.keys()])
    .where('kind', '=', 'account')
    .orderBy('value')
    .execute();
  for (const grant of grants) if (grant.value !== owners.get(grant.unitId)) partners.get(grant.unitId)?.push(grant.value);
  return partners;
}

/** Which of these serial numbers already exist. */
export async function existingSerials(db: Kysely<Database>, serials: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunks keep the parameter count under both engines' limits.
  for (let start = 0; start < serials.length; start += 500) {
    const rows = await db.selectFrom('units').select('serialNumber').where('serialNumber', 'in', serials.slice(start, start + 500)).execute();
    for (const row of rows) found.add(row.serialNumber);
  }
  return found;
}

export async function findUnitBySerial(db: Kysely<Database>, serial: string): Promise<UnitRow | undefined> {
  return db.selectFrom('units').selectAll().where('serialNumber', '=', serial).executeTakeFirst();
}

export async function findUnitById(db: Kysely<Database>, id: string): Promise<UnitRow | undefined> {
  return db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts units and their account grants in one transaction. */
export async function insertUnits(db: Kysely<Database>, units: readonly NewUnit[], at = new Date().toISOString()): Promise<void> {
  if (units.length === 0) return;
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < units.length; start += 200) {
      const chunk = units.slice(start, start + 200);
      await trx.insertInto('units').values(chunk.map(({ unit }) => unit)).execute();
      const grants = chunk.flatMap(({ unit, accounts }) =>
        [...new Set(accounts)].map((value) => ({ unitId: unit.id, kind: 'account' as const, value, expiresAt: null, createdAt: at })),
      );
      if (grants.length > 0) await trx.insertInto('unit_access').values(grants).execute();
    }
  });
}

/** One page of every unit by serial number, optionally those whose serial, model or account contains `q`. */
export async function listUnitsPage(db: Kysely<Database>, query: { q?: string; limit: number; offset: number }): Promise<{ rows: UnitRow[]; total: number }> {
  let select = db.selectFrom('units');
  if (query.q) {
    const text = query.q;
    select = select.where((eb) => eb.or((['units.serialNumber', 'units.productCode', 'units.account'] as const).map((column) => containsText(eb.ref(column), text))));
  }
  const [rows, count] = await Promise.all([
    select.selectAll().orderBy('serialNumber').limit(query.limit).offset(query.offset).execute(),
    select.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Changes a unit's columns and, when given, replaces its account grants (the owner first, then the partners). */
export async function updateUnit(
  db: Kysely<Database>,
  unitId: string,
  columns: Updateable<UnitsTable>,
  accounts: readonly string[] | undefined,
  at: string,
): Promise<void> {
  await db.updateTable('units').set(columns).where('id', '=', unitId).execute();
  if (!accounts) return;
  await db.deleteFrom('unit_access').where('unitId', '=', unitId).where('kind', '=', 'account').execute();
  await db.insertInto('unit_access').values([...new Set(accounts)].map((value) => ({ unitId, kind: 'account' as const, value, expiresAt: null, createdAt: at }))).execute();
}

/** The units of one model passing `visible`, by serial number. */
export async function visibleUnitsOfModel(db: Kysely<Database>, visible: Expression<SqlBool>, productCode: string): Promise<UnitRow[]> {
  return db.selectFrom('units').selectAll().where('productCode', '=', productCode).where(visible).orderBy('serialNumber').execute();
}

/** Notes that these units' labels were produced now, keeping the first time a unit was labelled. */
export async function markLabelled(db: Kysely<Database>, unitIds: readonly string[], at: string): Promise<void> {
  if (unitIds.length === 0) return;
  await db.updateTable('units').set({ labelledAt: at }).where('id', 'in', [...unitIds]).where('labelledAt', 'is', null).execute();
}
