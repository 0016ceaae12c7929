import type { AuthUser } from '@portal/contracts/users';
import { referenceNames } from '../documents/index.ts';
import { identificationLink } from './identification-link.ts';
import { unitNotFound, visibleUnitsFilter } from './unit-access.ts';
import type { LabelFacts } from './unit-label.ts';
import { listVisibleUnits, markLabelled, type UnitRow } from './unit.repository.ts';
import { readableUnit, type UnitDeps } from './unit.service.ts';

async function factsOf({ db, publicUrl }: UnitDeps, units: readonly UnitRow[]): Promise<Map<string, LabelFacts>> {
  const names = (await referenceNames(db, { types: [], products: [...new Set(units.map((unit) => unit.productCode))] })).products;
  return new Map(
    units.map((unit) => [
      unit.serialNumber,
      { link: identificationLink(publicUrl, unit.serialNumber), serialNumber: unit.serialNumber, modelName: names.get(unit.productCode) ?? unit.productCode },
    ]),
  );
}

/** What one unit's label shows (noting that the unit is now labelled, see unit-identity.ts); 404 for a unit the user may not see. */
export async function labelFacts(deps: UnitDeps, user: AuthUser, serial: string): Promise<LabelFacts> {
  const unit = await readableUnit(deps.db, user, serial);
  const facts = (await factsOf(deps, [unit])).get(unit.serialNumber)!;
  await markLabelled(deps.db, [unit.id], new Date().toISOString());
  return facts;
}

/** The labels of these units in the order asked; 404 (as for a missing serial) if any is not visible to the user. */
export async function labelsFor(deps: UnitDeps, user: AuthUser, serials: readonly string[]): Promise<LabelFacts[]> {
  const unique = [...new Set(serials)];
  const units = await listVisibleUnits(deps.db, visibleUnitsFilter(user), unique);
  const facts = await factsOf(deps, units);
  if (facts.size !== unique.length) throw unitNotFound();
  await markLabelled(deps.db, units.map((unit) => unit.id), new Date().toISOString());
  return unique.map((serial) => facts.get(serial)!);
}
