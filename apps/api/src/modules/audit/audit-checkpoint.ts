import { sign, verify, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import type { Ed25519Signer } from '../../platform/ed25519-key.ts';
import { canonicalJson } from './audit-chain.ts';
import { readChainHead } from './audit.repository.ts';
import type { CheckpointStore } from './checkpoint-store.ts';

/*
 * A checkpoint is the chain's head (and anchor) at a moment, signed with an Ed25519 key that is not in the
 * database and written where the database's writers cannot reach (a directory outside DATA_DIR, or the
 * bucket). Whoever rewrites entries and recomputes the chain, or deletes the last entries and moves the head
 * back, cannot make a checkpoint that agrees: verification compares the chain with the latest checkpoints.
 */

const checkpointSchema = z.object({
  version: z.literal(1),
  /** The head: the newest entry and its hash. */
  seq: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Where the chain started then (the hash the first kept entry follows, after a prune). */
  anchorSeq: z.number().int().min(0),
  anchorHash: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime(),
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
});
export type AuditCheckpoint = z.infer<typeof checkpointSchema>;

const signedSchema = z.object({ checkpoint: checkpointSchema, signature: z.string().regex(/^[A-Za-z0-9+/=]{1,200}$/) });
export type SignedCheckpoint = z.infer<typeof signedSchema>;

const signedText = (checkpoint: AuditCheckpoint) => Buffer.from(canonicalJson(checkpoint), 'utf8');

export function signCheckpoint(signer: Ed25519Signer, head: { seq: number; hash: string; anchorSeq: number; anchorHash: string }, at: Date): SignedCheckpoint {
  const checkpoint: AuditCheckpoint = { version: 1, ...head, at: at.toISOString(), keyId: signer.keyId };
  return { checkpoint, signature: sign(null, signedText(checkpoint), signer.privateKey).toString('base64') };
}

/**
 * The checkpoint of a stored text when it parses and its signature is the key's; `otherKey` for one that names
 * another key (signed before a key change: it can only add claims, never hide one); else why it is refused.
 */
export function readSignedCheckpoint(
  text: string,
  key: { publicKey: KeyObject; keyId: string },
): { ok: true; signed: SignedCheckpoint } | { ok: false; otherKey: boolean; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, otherKey: false, reason: 'is not JSON' };
  }
  const signed = signedSchema.safeParse(parsed);
  if (!signed.success) return { ok: false, otherKey: false, reason: 'is not a checkpoint' };
  if (signed.data.checkpoint.keyId !== key.keyId) return { ok: false, otherKey: true, reason: `names another key (${signed.data.checkpoint.keyId})` };
  const valid = verify(null, signedText(signed.data.checkpoint), key.publicKey, Buffer.from(signed.data.signature, 'base64'));
  return valid ? { ok: true, signed: signed.data } : { ok: false, otherKey: false, reason: 'has a signature that is not the audit signing key’s' };
}

/** File or object name: sorts by entry, then time (`000000000000123-2026-01-01T10-00-00-000Z-<key id>.json`). */
export const checkpointName = ({ seq, at, keyId }: AuditCheckpoint) => `${String(seq).padStart(15, '0')}-${at.replaceAll(':', '-').replace('.', '-')}-${keyId}.json`;

/** Signs the chain's current head and writes the checkpoint to the store (`npm run audit -- checkpoint`, and the schedule). */
export async function writeCheckpoint(db: Kysely<Database>, signer: Ed25519Signer, store: CheckpointStore, now = new Date()): Promise<SignedCheckpoint> {
  const head = await readChainHead(db);
  const signed = signCheckpoint(signer, { seq: head.lastSeq, hash: head.lastHash, anchorSeq: head.anchorSeq, anchorHash: head.anchorHash }, now);
  await store.put(checkpointName(signed.checkpoint), `${JSON.stringify(signed, null, 2)}\n`);
  return signed;
}
