import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { assertIdentifiableSerial } from './identification-link.ts';
import { existingSerials, type UnitRow } from './unit.repository.ts';

/*
 * IEC 61406-1: the identification link printed on a unit is never altered and never reused. Once a label
 * was produced (`labelledAt`), the serial can be neither renamed nor given to another model; an unlabelled
 * unit may still be corrected. A refused attempt is audited (`edit` with `after.refused`) in a transaction
 * of its own: call this before the change's transaction, whose rollback would lose the entry.
 */
export async function assertIdentityChangeAllowed(
  db: Kysely<Database>,
  unit: UnitRow,
  change: { serialNumber?: string; model?: string },
  audit: AuditContext,
): Promise<void> {
  const renamed = change.serialNumber !== undefined && change.serialNumber !== unit.serialNumber;
  const remodelled = change.model !== undefined && change.model !== unit.productCode;
  if (!renamed && !remodelled) return;
  if (unit.labelledAt) {
    const fields = [...(renamed ? ['serialNumber'] : []), ...(remodelled ? ['model'] : [])];
    await recordAudit(db, audit, {
      action: 'edit',
      object: { kind: 'unit', id: unit.serialNumber },
      before: { serialNumber: unit.serialNumber, model: unit.productCode },
      after: { refused: 'labelledSerial', labelledAt: unit.labelledAt, ...(renamed ? { serialNumber: change.serialNumber } : {}), ...(remodelled ? { model: change.model } : {}) },
    });
    throw new AppError(
      409,
      'labelledSerial',
      `Serial ${unit.serialNumber} was labelled on ${unit.labelledAt.slice(0, 10)}: its identification link is permanent, so the unit cannot be renamed or given another model. Import the machine under a new serial instead.`,
      fields.map((path) => ({ path, message: 'cannot change once the unit is labelled' })),
    );
  }
  if (renamed) {
    assertIdentifiableSerial(change.serialNumber!);
    if ((await existingSerials(db, [change.serialNumber!])).size > 0) throw conflict(`Serial ${change.serialNumber} belongs to another unit.`);
  }
}
