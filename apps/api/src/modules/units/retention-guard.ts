import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { today, versionRetention } from './retention.ts';

/**
 * The ten-years rule for anything that would delete versions of a document (or make them unreachable):
 * 409 `referencedByUnits` naming the retention end when a shipped unit still relies on one of them. With
 * an audit context the refused attempt is recorded first (a `delete` entry whose `after` says `refused`),
 * in a transaction of its own: call it before the change's transaction, whose rollback would lose it.
 */
export async function assertNotRetained(
  db: Kysely<Database>,
  documentId: string,
  versionIds: readonly string[],
  audit: AuditContext | null,
  now = new Date(),
): Promise<void> {
  const ends = await versionRetention(db, [documentId]);
  const retained = versionIds.flatMap((id) => {
    const until = ends.get(id)?.until;
    return until !== undefined && until >= today(now) ? [{ id, until }] : [];
  });
  if (retained.length === 0) return;
  const until = retained.map((entry) => entry.until).sort().at(-1)!;
  if (audit) {
    await recordAudit(db, audit, {
      action: 'delete',
      object: { kind: 'document', id: documentId },
      before: { versionIds: retained.map((entry) => entry.id) },
      after: { refused: 'referencedByUnits', retainedUntil: until },
    });
  }
  throw new AppError(
    409,
    'referencedByUnits',
    `Shipped units rely on this version: it must stay available until ${until} (ten years after the last unit shipped, or the product's lifetime if longer). Withdraw (unpublish) it instead; its units' owners keep reading it.`,
    retained.map((entry) => ({ path: `versions.${entry.id}`, message: `retained until ${entry.until}` })),
  );
}
