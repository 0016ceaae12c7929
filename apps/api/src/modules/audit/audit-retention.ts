import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AuditContext } from './audit-context.ts';
import { lastEntryBefore, lockChainHead, removeThrough } from './audit.repository.ts';
import { recordAudit } from './audit.service.ts';

const dayMs = 86_400_000;

export interface PruneResult {
  removed: number;
  /** The newest removed entry: the next one follows its hash, now the chain's anchor. */
  anchorSeq: number;
}

/**
 * Retention (`npm run audit -- prune --older-than-days N`): removes the entries written more than
 * `days` days ago, keeps the hash of the newest removed one as the chain's anchor so the rest still
 * verifies, and records the prune itself as an entry. One transaction under the chain's lock.
 */
export async function pruneAuditOlderThan(db: Kysely<Database>, days: number, context: AuditContext, now = Date.now()): Promise<PruneResult> {
  if (!Number.isInteger(days) || days < 1) throw new Error('The number of days must be a whole number of at least 1');
  const cutoff = new Date(now - days * dayMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const head = await lockChainHead(trx);
    const boundary = await lastEntryBefore(trx, cutoff);
    const result = boundary ? { removed: await removeThrough(trx, boundary.seq, boundary.hash), anchorSeq: boundary.seq } : { removed: 0, anchorSeq: head.anchorSeq };
    await recordAudit(trx, context, {
      action: 'prune',
      object: { kind: 'audit', id: 'chain' },
      before: { anchorSeq: head.anchorSeq },
      after: { anchorSeq: result.anchorSeq, removed: result.removed, olderThanDays: days, cutoff },
    });
    return result;
  });
}
