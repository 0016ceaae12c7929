import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { viewerKey } from '../../platform/access/index.ts';
import type { NoticeReach, UnitAlertLookups } from '../alerts/index.ts';
import { unitPagePath } from './identification-link.ts';
import { visibleUnitsFilter } from './unit-access.ts';
import { findNotice, type NoticeRow } from './notice.repository.ts';
import { noticeConcerns, parseOptions } from './unit-matching.ts';
import { readableUnit } from './unit.service.ts';
import { visibleUnitsOfModel } from './unit.repository.ts';

/*
 * What the alerts ask of the machine passport (they cannot import it: notices are announced from
 * here): who may follow a unit, and which units a notice reaches for a user, when it is announced
 * and again when its mail goes out.
 */

/**
 * Where a notice takes a user: the page of the one unit it concerns that they may see (among the
 * followed serials when given), `/units` when several, null when none. The units are looked up once
 * per kind of viewer.
 */
export function noticeReach(db: Kysely<Database>, row: NoticeRow): NoticeReach {
  const notice = { ...row, options: parseOptions(row.options) };
  const serials = new Map<string, Promise<string[]>>();
  const concerned = async (user: AuthUser) => {
    const units = await visibleUnitsOfModel(db, visibleUnitsFilter(user), notice.productCode);
    return units.filter((unit) => noticeConcerns(notice, { ...unit, options: parseOptions(unit.options) })).map((unit) => unit.serialNumber);
  };
  return async (user, followedSerials) => {
    const key = viewerKey(user);
    if (!serials.has(key)) serials.set(key, concerned(user));
    const reached = (await serials.get(key)!).filter((serial) => !followedSerials || followedSerials.includes(serial));
    if (reached.length === 0) return null;
    return reached.length === 1 ? unitPagePath(reached[0]!) : '/units';
  };
}

export const unitAlertLookups: UnitAlertLookups = {
  // unit.service.ts reaches this file back (through the notices): call it late, not at load.
  readableUnit: (db, user, serial) => readableUnit(db, user, serial),
  async noticeReach(db, noticeId) {
    const notice = await findNotice(db, noticeId);
    return notice && notice.closedAt === null ? noticeReach(db, notice) : undefined;
  },
};
