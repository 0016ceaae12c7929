import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditVerify } from '@portal/contracts/audit';
import type { Database } from '../../platform/db/schema.ts';
import { entryFault } from './audit-chain.ts';
import { readSignedCheckpoint, type AuditCheckpoint } from './audit-checkpoint.ts';
import { erasedEntriesOf } from './audit-erasure.ts';
import { auditRowsOldestFirst, readChainHead } from './audit.repository.ts';
import type { CheckpointStore } from './checkpoint-store.ts';

/** The checkpoints verification reads: the newest this many (older ones only narrow down where a rewrite began). */
export const checkpointsRead = 50;

export interface CheckpointSource {
  store: CheckpointStore;
  publicKey: KeyObject;
  keyId: string;
}

type Broken = Extract<AuditVerify, { intact: false }>['broken'];
type CheckpointSummary = NonNullable<AuditVerify['checkpoints']>;

/** The newest checkpoints of the key, oldest first; the first one that names the key but is not signed by it breaks verification. */
async function readCheckpoints({ store, publicKey, keyId }: CheckpointSource): Promise<{ checkpoints: AuditCheckpoint[]; forged?: Broken }> {
  const checkpoints: AuditCheckpoint[] = [];
  for (const { name, text } of await store.latest(checkpointsRead)) {
    const read = readSignedCheckpoint(text, { publicKey, keyId });
    // Checkpoints of a former key are left to a check by hand with that key's public half.
    if (!read.ok && read.otherKey) continue;
    if (!read.ok) return { checkpoints, forged: { seq: Number.parseInt(name, 10), reason: `the checkpoint ${name} in the ${store.description} ${read.reason}` } };
    checkpoints.push(read.signed.checkpoint);
  }
  return { checkpoints };
}

/**
 * Walks the chain from its anchor to the head: each entry must follow the one before (seq and prevHash) and
 * hash to its stored hash; the last must be the head. With checkpoints, every signed head must still be in the
 * chain with the hash it was signed with, and none may lie beyond the head. Answers the first break.
 */
export async function verifyAuditChain(db: Kysely<Database>, source?: CheckpointSource, batchSize = 2000): Promise<AuditVerify> {
  const head = await readChainHead(db);
  const read = source ? await readCheckpoints(source) : { checkpoints: [] };
  const newest = read.checkpoints.at(-1);
  // Without a key the answer is as it always was: the chain checked against itself.
  const summary: { checkpoints?: CheckpointSummary } = source ? { checkpoints: { checked: read.checkpoints.length, latest: newest ? { seq: newest.seq, at: newest.at } : null } } : {};
  const erased = await erasedEntriesOf(db, head.anchorSeq, head.lastSeq);
  const erasure = { entries: 0, contentUnverifiable: 0 };
  const result = (broken: Broken | null): AuditVerify =>
    broken
      ? { intact: false, broken, ...summary }
      : { intact: true, entries: head.lastSeq - head.anchorSeq, ...(erasure.entries + erasure.contentUnverifiable > 0 ? { erased: erasure } : {}), ...summary };
  if (read.forged) return result(read.forged);

  // Checkpoints from before the anchor describe entries a prune removed (the prune itself is an entry).
  const signed = read.checkpoints.filter((checkpoint) => checkpoint.seq > head.anchorSeq);
  const bySeq = new Map(signed.map((checkpoint) => [checkpoint.seq, checkpoint]));
  let lastMatched = head.anchorSeq;
  let expectedSeq = head.anchorSeq + 1;
  let expectedPrev = head.anchorHash;
  for (let after = head.anchorSeq; ; ) {
    const rows = await auditRowsOldestFirst(db, {}, after, batchSize, head.lastSeq);
    for (const row of rows) {
      if (row.seq !== expectedSeq) return result({ seq: row.seq, reason: `entry ${expectedSeq} before it is missing` });
      if (row.prevHash !== expectedPrev) return result({ seq: row.seq, reason: 'it does not follow the entry before it (prevHash differs)' });
      const fault = entryFault(row, erased);
      if (fault) return result({ seq: row.seq, reason: fault });
      if (erased.unverifiable.has(row.seq) && Number(row.hashFormat) === 1) erasure.contentUnverifiable += 1;
      else if (erased.unsalted.has(row.seq) && row.personalSalt === null) erasure.entries += 1;
      const checkpoint = bySeq.get(row.seq);
      if (checkpoint && checkpoint.hash !== row.hash) {
        return result({
          seq: lastMatched + 1,
          reason: `entries ${lastMatched + 1} to ${row.seq} were rewritten and the chain recomputed: entry ${row.seq} no longer has the hash signed in the checkpoint of ${checkpoint.at}`,
        });
      }
      if (checkpoint) lastMatched = row.seq;
      expectedSeq += 1;
      expectedPrev = row.hash;
    }
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]!.seq;
  }
  if (expectedSeq - 1 !== head.lastSeq || expectedPrev !== head.lastHash) {
    return result({ seq: expectedSeq, reason: `entries ${expectedSeq} to ${head.lastSeq} are missing or the chain head was changed` });
  }
  const beyond = signed.at(-1);
  if (beyond && beyond.seq > head.lastSeq) {
    return result({
      seq: head.lastSeq + 1,
      reason: `the chain ends at entry ${head.lastSeq}, but the checkpoint of ${beyond.at} signed entry ${beyond.seq}: entries ${head.lastSeq + 1} to ${beyond.seq} were deleted and the chain head moved back`,
    });
  }
  return result(null);
}

/**
 * Why the chain's head does not extend a checkpoint (its entry changed, a link or hash after it is wrong,
 * the head moved back), or undefined when it does: what the schedule checks before it signs a new head, so
 * it never signs a rewritten chain. Reads only the entries since the checkpoint.
 */
export async function headExtends(db: Kysely<Database>, checkpoint: Pick<AuditCheckpoint, 'seq' | 'hash'>, batchSize = 2000): Promise<string | undefined> {
  const head = await readChainHead(db);
  if (head.lastSeq < checkpoint.seq) return `the head (entry ${head.lastSeq}) is behind the checkpoint of entry ${checkpoint.seq}`;
  // A prune since then removed the checkpointed entry: what is left is checked by verification.
  if (checkpoint.seq < head.anchorSeq) return undefined;
  let expectedPrev = checkpoint.hash;
  if (checkpoint.seq > head.anchorSeq) {
    const [signed] = await auditRowsOldestFirst(db, {}, checkpoint.seq - 1, 1, checkpoint.seq);
    if (signed?.hash !== checkpoint.hash) return `entry ${checkpoint.seq} no longer has the hash of its checkpoint`;
  } else if (head.anchorHash !== checkpoint.hash) return 'the anchor changed';
  let expectedSeq = checkpoint.seq + 1;
  // An erasure is written after the entries it lists: those since the checkpoint are listed by erasures since then.
  const erased = await erasedEntriesOf(db, checkpoint.seq, head.lastSeq);
  for (let after = checkpoint.seq; ; ) {
    const rows = await auditRowsOldestFirst(db, {}, after, batchSize, head.lastSeq);
    for (const row of rows) {
      if (row.seq !== expectedSeq || row.prevHash !== expectedPrev || entryFault(row, erased)) return `entry ${row.seq} does not follow from the checkpoint`;
      expectedSeq += 1;
      expectedPrev = row.hash;
    }
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]!.seq;
  }
  return expectedSeq - 1 === head.lastSeq && expectedPrev === head.lastHash ? undefined : 'the head does not follow from the checkpoint';
}
