import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PaperRequestsTable } from './paper-request.tables.ts';

export type PaperRequestRow = Selectable<PaperRequestsTable>;

export async function insertPaperRequest(db: Kysely<Database>, row: PaperRequestRow): Promise<void> {
  await db.insertInto('paper_requests').values(row).execute();
}

export async function findPaperRequest(db: Kysely<Database>, id: string): Promise<PaperRequestRow | undefined> {
  return db.selectFrom('paper_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Requests of a unit not shipped yet. */
export async function countOpenForUnit(db: Kysely<Database>, unitId: string): Promise<number> {
  const row = await db
    .selectFrom('paper_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('unitId', '=', unitId)
    .where('state', '!=', 'shipped')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Requests an account made since `since` (ISO time). */
export async function countForAccountSince(db: Kysely<Database>, account: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('paper_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account', '=', account)
    .where('requestedAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Notes the day an account's flood was refused; true only the first time that day (then it is audited). */
export async function markFloodDay(db: Kysely<Database>, account: string, day: string): Promise<boolean> {
  const result = await db
    .insertInto('paper_request_floods')
    .values({ account, day })
    .onConflict((oc) => oc.columns(['account', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface PaperRequestFilter {
  state?: PaperRequestsTable['state'];
  /** Only open requests due before this time (overdue), or only those that are not. */
  overdue?: { now: string; value: boolean };
}

function filtered(db: Kysely<Database>, filter: PaperRequestFilter) {
  let query = db.selectFrom('paper_requests');
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.overdue) {
    const { now, value } = filter.overdue;
    query = value
      ? query.where('state', '!=', 'shipped').where('dueAt', '<', now)
      : query.where((eb) => eb.or([eb('state', '=', 'shipped'), eb('dueAt', '>=', now)]));
  }
  return query;
}

/** One page of requests, the soonest due first. */
export async function listPaperRequests(
  db: Kysely<Database>,
  filter: PaperRequestFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PaperRequestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('dueAt').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function countOverdue(db: Kysely<Database>, now: string): Promise<number> {
  const row = await filtered(db, { overdue: { now, value: true } })
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves a request from `from` to the next state; false when it was no longer in `from` (a concurrent step won). */
export async function advancePaperRequest(
  db: Kysely<Database>,
  id: string,
  from: PaperRequestsTable['state'],
  step: { state: 'printed'; printedAt: string; printedNote: string } | { state: 'shipped'; shippedAt: string; shippedNote: string },
): Promise<boolean> {
  const result = await db.updateTable('paper_requests').set(step).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
