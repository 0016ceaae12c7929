import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry, AuditFilter, AuditListQuery, AuditPage, AuditVerify } from '@portal/contracts/audit';
import type { AuditEntriesTable, Database } from '../../platform/db/schema.ts';
import { canonicalJson, entryHash } from './audit-chain.ts';
import type { AuditContext } from './audit-context.ts';
import { appendAuditRow, auditRowsNewestFirst, auditRowsOldestFirst, lockChainHead, readChainHead } from './audit.repository.ts';

/** One thing that happened: what, to which object, and its state before and after (any JSON; omitted when none). */
export interface AuditEvent {
  action: AuditAction;
  object: { kind: string; id: string };
  before?: unknown;
  after?: unknown;
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : canonicalJson(value));

async function appendWithin(trx: Kysely<Database>, context: AuditContext, events: readonly AuditEvent[]): Promise<void> {
  const head = await lockChainHead(trx);
  let { lastSeq: seq, lastHash: prevHash } = head;
  for (const event of events) {
    seq += 1;
    const entry = {
      seq,
      at: new Date().toISOString(),
      actor: context.actor?.name ?? null,
      actorSub: context.actor?.sub ?? null,
      actorRoles: canonicalJson(context.actor?.roles ?? []),
      actorAccount: context.actor?.account ?? null,
      action: event.action,
      objectKind: event.object.kind,
      objectId: event.object.id,
      before: jsonOrNull(event.before),
      after: jsonOrNull(event.after),
      address: context.address,
      userAgent: context.userAgent,
    };
    const hash = entryHash(prevHash, entry);
    await appendAuditRow(trx, { ...entry, prevHash, hash });
    prevHash = hash;
  }
}

/**
 * Appends entries to the audit chain. Given a transaction, they commit or roll back with the change
 * they describe (call it last in the transaction: the chain's lock is then held only until commit);
 * given the database, they are written in a transaction of their own.
 */
export async function recordAudits(db: Kysely<Database>, context: AuditContext, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (db.isTransaction) return appendWithin(db, context, events);
  await db.transaction().execute((trx) => appendWithin(trx, context, events));
}

/** Appends one entry (see recordAudits). */
export const recordAudit = (db: Kysely<Database>, context: AuditContext, event: AuditEvent) => recordAudits(db, context, [event]);

export function presentAuditEntry(row: AuditEntriesTable): AuditEntry {
  return {
    seq: row.seq,
    at: row.at,
    actor: row.actor,
    actorSub: row.actorSub,
    roles: JSON.parse(row.actorRoles) as string[],
    account: row.actorAccount,
    action: row.action as AuditAction,
    object: { kind: row.objectKind, id: row.objectId },
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    address: row.address,
    userAgent: row.userAgent,
    hash: row.hash,
  };
}

/** One page of matching entries, newest first, and the cursor of the next. */
export async function listAuditPage(db: Kysely<Database>, query: AuditListQuery): Promise<AuditPage> {
  const { pageSize, cursor, ...filter } = query;
  const rows = await auditRowsNewestFirst(db, filter, cursor, pageSize + 1);
  const entries = rows.slice(0, pageSize).map(presentAuditEntry);
  return { entries, nextCursor: rows.length > pageSize ? entries[entries.length - 1]!.seq : null };
}

/** Every matching entry, oldest first, read in batches so that memory stays flat however many there are. */
export async function* auditRowBatches(db: Kysely<Database>, filter: AuditFilter, batchSize = 2000): AsyncGenerator<AuditEntriesTable[]> {
  for (let after = 0; ; ) {
    const rows = await auditRowsOldestFirst(db, filter, after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/**
 * Walks the chain from its anchor to the head: each entry must follow the one before (seq and
 * prevHash) and hash to its stored hash; the last must be the head. Answers the first that does not.
 */
export async function verifyAuditChain(db: Kysely<Database>, batchSize = 2000): Promise<AuditVerify> {
  const head = await readChainHead(db);
  let expectedSeq = head.anchorSeq + 1;
  let expectedPrev = head.anchorHash;
  for (let after = head.anchorSeq; ; ) {
    const rows = await auditRowsOldestFirst(db, {}, after, batchSize, head.lastSeq);
    for (const row of rows) {
      if (row.seq !== expectedSeq) return { intact: false, broken: { seq: row.seq, reason: `entry ${expectedSeq} before it is missing` } };
      if (row.prevHash !== expectedPrev) return { intact: false, broken: { seq: row.seq, reason: 'it does not follow the entry before it (prevHash differs)' } };
      if (entryHash(row.prevHash, row) !== row.hash) return { intact: false, broken: { seq: row.seq, reason: 'it was changed after it was written (hash differs)' } };
      expectedSeq += 1;
      expectedPrev = row.hash;
    }
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]!.seq;
  }
  if (expectedSeq - 1 !== head.lastSeq || expectedPrev !== head.lastHash) {
    return { intact: false, broken: { seq: expectedSeq, reason: `entries ${expectedSeq} to ${head.lastSeq} are missing or the chain head was changed` } };
  }
  return { intact: true, entries: head.lastSeq - head.anchorSeq };
}
