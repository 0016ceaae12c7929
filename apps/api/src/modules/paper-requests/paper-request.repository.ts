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

/** The audit log's names of paper requests among `ids`: "Paper request for <serial> (<language>)", by id, with the unit's serial. */
export async function paperRequestTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('paper_requests').select(['id', 'serialNumber', 'language']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { title: `Paper request for ${row.serialNumber} (${row.language})`, ref: row.serialNumber }]));
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

export type ReminderStage = 'due-in-7-days' | 'due-in-3-days' | 'overdue';

/** Open requests due before `until` (the soonest first, at most `limit`), with the reminder stages already sent. */
export async function openRequestsDueBefore(db: Kysely<Database>, until: string, limit: number): Promise<Array<PaperRequestRow & { sent: ReminderStage[] }>> {
  const rows = await db.selectFrom('paper_requests').selectAll().where('state', '!=', 'shipped').where('dueAt', '<=', until).orderBy('dueAt').orderBy('id').limit(limit).execute();
  if (rows.length === 0) return [];
  const sent = await db.selectFrom('paper_request_reminders').select(['requestId', 'stage']).where('requestId', 'in', rows.map((row) => row.id)).execute();
  return rows.map((row) => ({ ...row, sent: sent.filter((entry) => entry.requestId === row.id).map((entry) => entry.stage) }));
}

/** Claims reminder stages of a request; true when `stage` was not claimed before (by this or another process). */
export async function claimReminder(db: Kysely<Database>, requestId: string, stages: readonly ReminderStage[], stage: ReminderStage, sentAt: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('paper_request_reminders').values({ requestId, stage, sentAt }).onConflict((oc) => oc.columns(['requestId', 'stage']).doNothing()).executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const earlier = stages.filter((other) => other !== stage).map((other) => ({ requestId, stage: other, sentAt }));
    if (earlier.length > 0) await trx.insertInto('paper_request_reminders').values(earlier).onConflict((oc) => oc.columns(['requestId', 'stage']).doNothing()).execute();
    return true;
  });
}

/** Gives a claimed stage back (its mail could not be sent; the next run tries again). */
export async function releaseReminder(db: Kysely<Database>, requestId: string, stage: ReminderStage): Promise<void> {
  await db.deleteFrom('paper_request_reminders').where('requestId', '=', requestId).where('stage', '=', stage).execute();
}
