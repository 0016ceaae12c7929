import { createHash } from 'node:crypto';
import type { AuditEntriesTable } from './audit.tables.ts';

/** The hash the first entry follows (and the anchor of a chain nothing was pruned from). */
export const genesisHash = '0'.repeat(64);

export type ChainedEntry = Omit<AuditEntriesTable, 'prevHash' | 'hash'>;

/** JSON with object keys sorted at every level: one text for one value, whatever the key order it was built in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
}

/** The hash format entries are written in now (see personalDigest). */
export const currentHashFormat = 2;

/** The personal fields of an entry: what format 2 chains only as a salted digest, so they can be erased. */
function personalFields(entry: ChainedEntry) {
  const { actor, actorSub, objectId, before, after, address, userAgent } = entry;
  return { actor, actorSub, objectId, before, after, address, userAgent };
}

/** sha256 (hex) of the salt followed by the canonical personal fields. */
export function personalDigest(salt: string, entry: ChainedEntry): string {
  return createHash('sha256').update(salt).update(canonicalJson(personalFields(entry))).digest('hex');
}

/**
 * The fields an entry's hash covers, exactly as stored (so a row read back hashes the same). Format 1: every
 * field. Format 2: the others, and in place of the personal fields their digest — recomputed from the salt
 * while the entry has one (so an edited field changes the hash), the stored digest once erasure dropped the salt.
 */
function chainedFields(entry: ChainedEntry): Record<string, unknown> {
  const { seq, at, actor, actorSub, actorRoles, actorAccount, action, objectKind, objectId, before, after, address, userAgent } = entry;
  if (Number(entry.hashFormat ?? 1) === 1) {
    return { seq: Number(seq), at, actor, actorSub, actorRoles, actorAccount, action, objectKind, objectId, before, after, address, userAgent };
  }
  const digest = entry.personalSalt === null ? entry.personalDigest : personalDigest(entry.personalSalt, entry);
  return { hashFormat: 2, seq: Number(seq), at, actorRoles, actorAccount, action, objectKind, personalDigest: digest };
}

/** sha256 (hex) of the previous entry's hash followed by this entry's canonical chained fields. */
export function entryHash(prevHash: string, entry: ChainedEntry): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(chainedFields(entry))).digest('hex');
}

/**
 * The entries erasures changed, as recorded by `erase` entries whose own content still verifies
 * (audit-erasure.ts): format 2 without their salt, and format 1 whose content can no longer be checked.
 */
export interface ErasedEntries {
  unsalted: ReadonlySet<number>;
  unverifiable: ReadonlySet<number>;
}

export const noErasedEntries: ErasedEntries = { unsalted: new Set(), unverifiable: new Set() };

/**
 * Why an entry's own content does not hold (undefined when it does): its hash, and no salt dropped without an
 * erasure. A format-1 entry an erasure rewrote keeps its place in the chain (its stored hash is what the next
 * entry follows) but its content is no longer checked.
 */
export function entryFault(entry: ChainedEntry & { hash: string; prevHash: string }, erased: ErasedEntries = noErasedEntries): string | undefined {
  const format1 = Number(entry.hashFormat ?? 1) === 1;
  const seq = Number(entry.seq);
  if (!format1 && entry.personalSalt === null && !erased.unsalted.has(seq)) return 'its personal fields were removed without a recorded erasure (salt missing)';
  if (format1 && erased.unverifiable.has(seq)) return undefined;
  if (entryHash(entry.prevHash, entry) !== entry.hash) return 'it was changed after it was written (hash differs)';
  return undefined;
}
