/** One audit entry (append-only); `hash` = sha256 of `prevHash` and the canonical entry. Times ISO text, lists and values JSON text. */
export interface AuditEntriesTable {
  seq: number;
  at: string;
  /** E-mail of the user, or `operator <name>` for a command on the server. */
  actor: string | null;
  actorSub: string | null;
  actorRoles: string;
  actorAccount: string | null;
  action: string;
  objectKind: string;
  objectId: string;
  before: string | null;
  after: string | null;
  address: string | null;
  userAgent: string | null;
  /** 1: the hash covers every field; 2: it covers `personalDigest` in place of the personal fields (audit-chain.ts). */
  hashFormat: number;
  /** Format 2: the random salt of the digest (hex). */
  personalSalt: string | null;
  /** Format 2: sha256 of the salt and the personal fields (actor, subject, object id, before, after, address, user agent). */
  personalDigest: string | null;
  prevHash: string;
  hash: string;
}

/** The audit chain's one row (`id` 'head'): the last entry, and the anchor the first kept entry follows after a prune. */
export interface AuditChainTable {
  id: string;
  lastSeq: number;
  lastHash: string;
  anchorSeq: number;
  anchorHash: string;
}

/** The tables audit owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface AuditTables {
  audit_entries: AuditEntriesTable;
  audit_chain: AuditChainTable;
}
