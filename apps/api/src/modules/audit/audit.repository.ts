import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditFilter } from '@portal/contracts/audit';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AuditChainTable, AuditEntriesTable } from './audit.tables.ts';

const headId = 'head';

/**
 * The chain's head, locked for this transaction: PostgreSQL holds the row lock until commit, so a
 * second writer waits and then appends after the first. SQLite transactions already hold the single
 * write lock from their start (`BEGIN IMMEDIATE`).
 */
export async function lockChainHead(trx: Kysely<Database>): Promise<AuditChainTable> {
  const query = trx.selectFrom('audit_chain').selectAll().where('id', '=', headId);
  const head = await (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return normalHead(head);
}

export async function readChainHead(db: Kysely<Database>): Promise<AuditChainTable> {
  return normalHead(await db.selectFrom('audit_chain').selectAll().where('id', '=', headId).executeTakeFirstOrThrow());
}

const normalHead = (head: AuditChainTable): AuditChainTable => ({ ...head, lastSeq: Number(head.lastSeq), anchorSeq: Number(head.anchorSeq) });

export async function appendAuditRow(trx: Kysely<Database>, row: AuditEntriesTable): Promise<void> {
  await trx.insertInto('audit_entries').values(row).execute();
  await trx.updateTable('audit_chain').set({ lastSeq: row.seq, lastHash: row.hash }).where('id', '=', headId).execute();
}

type EntryQuery = SelectQueryBuilder<Database, 'audit_entries', object>;

function filtered(db: Kysely<Database>, filter: AuditFilter): EntryQuery {
  let query: EntryQuery = db.selectFrom('audit_entries');
  if (filter.actor) {
    const actor = filter.actor;
    query = query.where((eb) => eb.or([eb('actor', '=', actor.toLowerCase()), eb('actorSub', '=', actor)]));
  }
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.objectKind) query = query.where('objectKind', '=', filter.objectKind);
  if (filter.objectId) query = query.where('objectId', '=', filter.objectId);
  if (filter.from) query = query.where('at', '>=', new Date(filter.from).toISOString());
  if (filter.to) query = query.where('at', '<', new Date(filter.to).toISOString());
  return query;
}

/** Matching entries older than `beforeSeq` (all when absent), newest first. */
export async function auditRowsNewestFirst(db: Kysely<Database>, filter: AuditFilter, beforeSeq: number | undefined, limit: number): Promise<AuditEntriesTable[]> {
  let query = filtered(db, filter);
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  return (await query.selectAll().orderBy('seq', 'desc').limit(limit).execute()).map(normalRow);
}

/** Matching entries after `afterSeq`, oldest first: the next batch of an export or a verification. */
export async function auditRowsOldestFirst(db: Kysely<Database>, filter: AuditFilter, afterSeq: number, limit: number, throughSeq?: number): Promise<AuditEntriesTable[]> {
  let query = filtered(db, filter).where('seq', '>', afterSeq);
  if (throughSeq !== undefined) query = query.where('seq', '<=', throughSeq);
  return (await query.selectAll().orderBy('seq', 'asc').limit(limit).execute()).map(normalRow);
}

const normalRow = (row: AuditEntriesTable): AuditEntriesTable => ({ ...row, seq: Number(row.seq) });

/** The newest entry written before `time`, or undefined. */
export async function lastEntryBefore(trx: Kysely<Database>, time: string): Promise<{ seq: number; hash: string } | undefined> {
  const row = await trx.selectFrom('audit_entries').select(['seq', 'hash']).where('at', '<', time).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row && { seq: Number(row.seq), hash: row.hash };
}

/** Removes the entries up to `seq` and makes that entry's hash the anchor the next one follows. Returns how many went. */
export async function removeThrough(trx: Kysely<Database>, seq: number, hash: string): Promise<number> {
  const result = await trx.deleteFrom('audit_entries').where('seq', '<=', seq).executeTakeFirst();
  await trx.updateTable('audit_chain').set({ anchorSeq: seq, anchorHash: hash }).where('id', '=', headId).execute();
  return Number(result.numDeletedRows);
}
