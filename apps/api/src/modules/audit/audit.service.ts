import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry, AuditFilter, AuditListQuery, AuditPage } from '@portal/contracts/audit';
import type { Database } from '../../platform/db/schema.ts';
import type { AuditEntriesTable } from './audit.tables.ts';
import { canonicalJson, currentHashFormat, entryHash, personalDigest } from './audit-chain.ts';
import type { AuditContext } from './audit-context.ts';
import { namedEntries, type AuditNames } from './audit-names.ts';
import { appendAuditRow, auditRowsNewestFirst, auditRowsOldestFirst, lockChainHead } from './audit.repository.ts';

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
      hashFormat: currentHashFormat,
      personalSalt: randomBytes(16).toString('hex'),
      personalDigest: '',
    };
    entry.personalDigest = personalDigest(entry.personalSalt, entry);
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

/** One page of matching entries, newest first, each named for a person to read (audit-names.ts), and the cursor of the next. */
export async function listAuditPage(db: Kysely<Database>, names: AuditNames, query: AuditListQuery): Promise<AuditPage> {
  const { pageSize, cursor, ...filter } = query;
  const rows = await auditRowsNewestFirst(db, filter, cursor, pageSize + 1);
  const entries = await namedEntries(db, names, rows.slice(0, pageSize), presentAuditEntry);
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
