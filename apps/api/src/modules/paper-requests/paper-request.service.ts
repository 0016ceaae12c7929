import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  PaperRequest,
  PaperRequestBody,
  PaperRequestList,
  PaperRequestListQuery,
  PaperRequestStatusBody,
} from '@portal/contracts/paper-requests';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { readableUnit, unitDocuments, unitFacts } from '../units/index.ts';
import { dueDateOf, isOverdue } from './paper-request-dates.ts';
import {
  advancePaperRequest,
  countForAccountSince,
  countOpenForUnit,
  countOverdue,
  findPaperRequest,
  insertPaperRequest,
  listPaperRequests,
  markFloodDay,
  type PaperRequestRow,
} from './paper-request.repository.ts';

/** At most this many open requests per unit, and this many requests per account in 24 hours. */
export const paperRequestLimits = { openPerUnit: 5, perAccountPerDay: 20 } as const;

export interface PaperRequestDeps {
  db: Kysely<Database>;
  /** Each step is announced on it (`paper-request.changed`: the requester's notification and mail). */
  events: PortalEventBus;
  /** Wakes the job runner once a step that queued a mail has committed. */
  afterCommit?: () => void;
  /** The clock (tests hand in a fixed one). */
  now?: () => Date;
}

const clock = (deps: PaperRequestDeps) => (deps.now ?? (() => new Date()))();

export function presentPaperRequest(row: PaperRequestRow, now: Date): PaperRequest {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    account: row.account,
    requester: row.requesterName,
    language: row.language,
    postalAddress: row.postalAddress,
    contact: row.contact,
    state: row.state,
    requestedAt: row.requestedAt,
    dueAt: row.dueAt,
    overdue: isOverdue(row, now),
    printed: row.printedAt ? { at: row.printedAt, note: row.printedNote ?? '' } : null,
    shipped: row.shippedAt ? { at: row.shippedAt, note: row.shippedNote ?? '' } : null,
  };
}

/** The event of a request's step: what the requester is told (the shipping note, not the print shop's). */
const changeOf = (row: PaperRequestRow): PortalEvents['paper-request.changed'] => ({
  requestId: row.id,
  requesterSub: row.requesterSub,
  serialNumber: row.serialNumber,
  language: row.language,
  state: row.state,
  dueAt: row.dueAt,
  note: row.state === 'shipped' ? (row.shippedNote ?? '') : '',
});

const tooMany = (message: string) => new AppError(429, 'rateLimited', message);

/** Refuses a flood of requests (429); the first refusal of an account each day is audited. */
async function checkLimits(deps: PaperRequestDeps, context: AuditContext, unit: { id: string; account: string; serialNumber: string }, now: Date) {
  const { db } = deps;
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  let message: string | undefined;
  if ((await countOpenForUnit(db, unit.id)) >= paperRequestLimits.openPerUnit) {
    message = `Unit ${unit.serialNumber} already has ${paperRequestLimits.openPerUnit} open paper requests; wait until one is shipped.`;
  } else if ((await countForAccountSince(db, unit.account, dayAgo)) >= paperRequestLimits.perAccountPerDay) {
    message = `Your account has made ${paperRequestLimits.perAccountPerDay} paper requests in the last 24 hours; try again tomorrow.`;
  }
  if (!message) return;
  await db.transaction().execute(async (trx) => {
    if (await markFloodDay(trx, unit.account, now.toISOString().slice(0, 10))) {
      await recordAudit(trx, context, { action: 'create', object: { kind: 'paper-request-refused', id: unit.account }, after: { serialNumber: unit.serialNumber, reason: message } });
    }
  });
  throw tooMany(message);
}

/**
 * The owner's (or any viewer's of the unit) request for its instructions on paper in one of the
 * languages its documents are available in. A unit the user may not see answers 404 like a missing one.
 */
export async function requestPaper(deps: PaperRequestDeps, user: AuthUser, serial: string, body: PaperRequestBody, context: AuditContext): Promise<PaperRequest> {
  const { db } = deps;
  const unit = await readableUnit(db, user, serial);
  const documents = await unitDocuments(db, user, unitFacts(unit), body.language);
  const inLanguage = [...documents.applicable, ...documents.own].some((entry) => entry.document.languageCode === body.language);
  if (!inLanguage) {
    throw badRequest('invalidParameters', `The instructions of ${unit.serialNumber} are not available in ${body.language}.`, [
      { path: 'body.language', message: 'is not a language this unit’s documents are available in' },
    ]);
  }
  const now = clock(deps);
  await checkLimits(deps, context, unit, now);
  const requestedAt = now.toISOString();
  const row: PaperRequestRow = {
    id: randomUUID(),
    unitId: unit.id,
    serialNumber: unit.serialNumber,
    account: unit.account,
    requesterSub: user.sub,
    requesterName: user.name || user.email,
    language: body.language,
    postalAddress: body.postalAddress,
    contact: body.contact,
    state: 'requested',
    requestedAt,
    dueAt: dueDateOf(requestedAt),
    printedAt: null,
    printedNote: null,
    shippedAt: null,
    shippedNote: null,
  };
  await deps.events.transaction(db, async (trx, emit) => {
    await insertPaperRequest(trx, row);
    await emit('paper-request.changed', changeOf(row));
    await recordAudit(trx, context, { action: 'create', object: { kind: 'paper-request', id: row.id }, after: { serialNumber: row.serialNumber, language: row.language, state: row.state, dueAt: row.dueAt } });
  });
  deps.afterCommit?.();
  return presentPaperRequest(row, now);
}

export async function listPaperRequestQueue(deps: PaperRequestDeps, query: PaperRequestListQuery): Promise<PaperRequestList> {
  const now = clock(deps);
  const iso = now.toISOString();
  const overdue = query.overdue === undefined ? undefined : { now: iso, value: query.overdue };
  const [{ rows, total }, overdueCount] = await Promise.all([
    listPaperRequests(deps.db, { state: query.state, overdue }, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countOverdue(deps.db, iso),
  ]);
  return { items: rows.map((row) => presentPaperRequest(row, now)), total, overdueCount };
}

const paperRequestNotFound = () => notFound('notFound', 'There is no paper request with this id.');
const previousState = { printed: 'requested', shipped: 'printed' } as const;

/** The next step of a request, in order (requested → printed → shipped), with its note and date; audited with it. */
export async function advancePaper(deps: PaperRequestDeps, id: string, body: PaperRequestStatusBody, context: AuditContext): Promise<PaperRequest> {
  const { db } = deps;
  const now = clock(deps);
  const at = now.toISOString();
  const updated = await deps.events.transaction(db, async (trx, emit) => {
    const row = await findPaperRequest(trx, id);
    if (!row) throw paperRequestNotFound();
    const from = previousState[body.state];
    if (row.state !== from) throw conflict(`The request is ${row.state}; it can be marked ${body.state} only when it is ${from}.`);
    const step = body.state === 'printed'
      ? { state: 'printed' as const, printedAt: at, printedNote: body.note }
      : { state: 'shipped' as const, shippedAt: at, shippedNote: body.note };
    if (!(await advancePaperRequest(trx, id, from, step))) throw conflict('The request was changed meanwhile; reload it.');
    const next: PaperRequestRow = { ...row, ...step };
    await emit('paper-request.changed', changeOf(next));
    await recordAudit(trx, context, { action: 'edit', object: { kind: 'paper-request', id }, before: { state: row.state }, after: { state: body.state, note: body.note } });
    return next;
  });
  deps.afterCommit?.();
  return presentPaperRequest(updated, now);
}
