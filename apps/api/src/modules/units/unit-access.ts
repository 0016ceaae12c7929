import type { Expression, SqlBool } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { visibleFilter, type SubjectKind } from '../../platform/access/index.ts';
import { always } from '../../platform/access/condition.ts';

/*
 * Who may see a unit, decided by the one access engine (platform/access): a unit is a restricted
 * subject whose grants (unit_access) name the owning customer account and the partner accounts
 * that serve it; staff see every unit. A unit someone may not see answers exactly like a missing one.
 */

export const unitSubject: SubjectKind = {
  table: 'units',
  key: 'id',
  fields: { audience: { column: 'audience' } },
  published: always,
  grants: { table: 'unit_access', subjectColumn: 'unitId' },
};

/** The one answer for a serial that does not exist or that the user may not see. */
export { unitNotFound } from '../../platform/content-kinds/not-found.ts';

/** A where-clause over `units` keeping the units the user may see. */
export function visibleUnitsFilter(user: AuthUser, now = new Date().toISOString()): Expression<SqlBool> {
  return visibleFilter(user, unitSubject, now);
}
