import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { auditSignerOf, type Ed25519Signer, type SigningKeyVariables } from '../../platform/ed25519-key.ts';
import type { S3Variables } from '../../platform/storage/s3-config.ts';
import { readSignedCheckpoint, writeCheckpoint, type AuditCheckpoint } from './audit-checkpoint.ts';
import { headExtends, verifyAuditChain, type CheckpointSource } from './audit-verify.ts';
import { readChainHead } from './audit.repository.ts';
import { checkpointStoreOf, type CheckpointStore } from './checkpoint-store.ts';

export interface CheckpointConfig extends SigningKeyVariables, S3Variables {
  AUDIT_CHECKPOINT_DIR?: string;
}

export interface AuditCheckpointing {
  signer: Ed25519Signer;
  store: CheckpointStore;
}

/** The key and the place of the checkpoints (AUDIT_CHECKPOINT_DIR, else the S3 bucket), or undefined without a key. */
export async function auditCheckpointing(config: CheckpointConfig): Promise<AuditCheckpointing | undefined> {
  const signer = auditSignerOf(config);
  if (!signer) return undefined;
  const store = await checkpointStoreOf(config);
  if (!store) throw new Error('AUDIT_CHECKPOINT_DIR or S3 storage is needed with an audit signing key');
  return { signer, store };
}

const sourceOf = (checkpointing: AuditCheckpointing | undefined): CheckpointSource | undefined =>
  checkpointing && { store: checkpointing.store, publicKey: checkpointing.signer.publicKey, keyId: checkpointing.signer.keyId };

/** Verifies the chain against the latest checkpoints when a key is configured, else against itself. */
export const verifyWithCheckpoints = (db: Kysely<Database>, checkpointing: AuditCheckpointing | undefined) => verifyAuditChain(db, sourceOf(checkpointing));

export const checkpointEveryEntries = 100;
export const checkpointEveryMs = 5 * 60_000;

/**
 * Signs the head when at least 100 entries were added since the last checkpoint, or when anything was added
 * and 5 minutes passed; checked every `pollMs`. Before signing it checks that the head extends the last
 * checkpoint (this process's, or at start the newest stored one): a rewritten chain is reported, never signed.
 * Several processes may each sign the same head: the checkpoints agree, and each has a name of its own.
 */
export function startCheckpointSchedule(db: Kysely<Database>, checkpointing: AuditCheckpointing, log: Pick<FastifyBaseLogger, 'error' | 'info'>, pollMs = 10_000): () => void {
  let last: { checkpoint: AuditCheckpoint; signedAt: number } | undefined;
  let started = false;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = Date.now();
      if (!started) {
        const [newest] = await checkpointing.store.latest(1);
        const read = newest && readSignedCheckpoint(newest.text, checkpointing.signer);
        if (read?.ok) last = { checkpoint: read.signed.checkpoint, signedAt: Date.parse(read.signed.checkpoint.at) };
        started = true;
      }
      const { lastSeq } = await readChainHead(db);
      const due = !last || lastSeq - last.checkpoint.seq >= checkpointEveryEntries || (lastSeq !== last.checkpoint.seq && now - last.signedAt >= checkpointEveryMs);
      if (!due) return;
      const problem = last && (await headExtends(db, last.checkpoint));
      if (problem) {
        log.error({ checkpoint: last!.checkpoint.seq, problem }, 'the audit chain does not extend its last signed checkpoint: not signing it (npm run audit -- verify)');
        return;
      }
      const { checkpoint } = await writeCheckpoint(db, checkpointing.signer, checkpointing.store);
      last = { checkpoint, signedAt: now };
    } catch (error) {
      log.error({ err: error }, 'the audit checkpoint could not be written');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
