import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminNotice, CreateNoticeBody, UnitNotice } from '@portal/contracts/units';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { announceNotice } from '../alerts/index.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { referenceNames } from '../documents/index.ts';
import { noticeReach } from './notice-reach.ts';
import { closeNotice, findNotice, insertNotice, listNotices, openNoticesOf, serialsOfProduct, type NoticeRow } from './notice.repository.ts';
import { noticeConcerns, parseOptions, type UnitFacts } from './unit-matching.ts';

/* Safety and change notices on a product's serial range: shown on the matching units' pages only. */

export function presentNotice(row: NoticeRow): UnitNotice {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, publishedAt: row.publishedAt };
}

function presentAdminNotice(row: NoticeRow): AdminNotice {
  return { ...presentNotice(row), product: row.productCode, serialFrom: row.serialFrom, serialTo: row.serialTo, options: parseOptions(row.options), closedAt: row.closedAt };
}

/** The open notices concerning each unit, by serial number. */
export async function noticesByUnit(db: Kysely<Database>, units: readonly UnitFacts[]): Promise<Map<string, UnitNotice[]>> {
  const notices = await openNoticesOf(db, units.map((unit) => unit.productCode));
  return new Map(
    units.map((unit) => [
      unit.serialNumber,
      notices.filter((notice) => noticeConcerns({ ...notice, options: parseOptions(notice.options) }, unit)).map(presentNotice),
    ]),
  );
}

/** Publishes a notice (audited as `publish` of a `notice`, in its transaction) and then announces it to the followers. */
export async function createNotice({ db }: { db: Kysely<Database> }, body: CreateNoticeBody, audit: AuditContext, at = new Date().toISOString()): Promise<AdminNotice> {
  if (!(await referenceNames(db, { types: [], products: [body.product] })).products.has(body.product)) {
    throw badRequest('invalidParameters', 'The notice names an unknown product.', [{ path: 'product', message: `"${body.product}" is not a known product` }]);
  }
  const id = randomUUID();
  const notice = await db.transaction().execute(async (trx) => {
    await insertNotice(trx, {
      id, kind: body.kind, title: body.title, body: body.body, productCode: body.product, serialFrom: body.serialFrom, serialTo: body.serialTo,
      options: JSON.stringify(body.options), publishedAt: at, closedAt: null,
    });
    const row = (await findNotice(trx, id))!;
    await recordAudit(trx, audit, { action: 'publish', object: { kind: 'notice', id }, after: auditedNotice(row) });
    return row;
  });
  const concerned = serialsOfProduct(db, notice.productCode);
  await announceNotice(db, { id, kind: notice.kind, title: notice.title, body: notice.body, productCode: notice.productCode, serials: concerned }, noticeReach(db, notice));
  return presentAdminNotice(notice);
}

/** What the audit keeps of a notice: everything customers are shown and whom it concerns. */
const auditedNotice = (row: NoticeRow) => ({ kind: row.kind, title: row.title, body: row.body, product: row.productCode, serialFrom: row.serialFrom, serialTo: row.serialTo, options: parseOptions(row.options) });

export async function listAllNotices({ db }: { db: Kysely<Database> }): Promise<AdminNotice[]> {
  return (await listNotices(db)).map(presentAdminNotice);
}

/** Closes a notice (it leaves the unit pages), audited as `unpublish` of the `notice`; 404 when there is no open notice of that id. */
export async function closeOpenNotice({ db }: { db: Kysely<Database> }, id: string, audit: AuditContext, at = new Date().toISOString()): Promise<AdminNotice> {
  return db.transaction().execute(async (trx) => {
    if (!(await closeNotice(trx, id, at))) throw notFound('notFound', 'There is no open notice with this id.');
    const row = (await findNotice(trx, id))!;
    await recordAudit(trx, audit, { action: 'unpublish', object: { kind: 'notice', id }, before: { closedAt: null }, after: { ...auditedNotice(row), closedAt: row.closedAt } });
    return presentAdminNotice(row);
  });
}
