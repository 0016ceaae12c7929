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

/** The fields an entry's hash covers, exactly as stored (so a row read back hashes the same). */
function chainedFields(entry: ChainedEntry): ChainedEntry {
  const { seq, at, actor, actorSub, actorRoles, actorAccount, action, objectKind, objectId, before, after, address, userAgent } = entry;
  return { seq: Number(seq), at, actor, actorSub, actorRoles, actorAccount, action, objectKind, objectId, before, after, address, userAgent };
}

/** sha256 (hex) of the previous entry's hash followed by this entry's canonical JSON. */
export function entryHash(prevHash: string, entry: ChainedEntry): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(chainedFields(entry))).digest('hex');
}
