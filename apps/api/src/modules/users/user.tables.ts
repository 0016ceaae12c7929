export interface UsersTable {
  id: string;
  sub: string;
  email: string;
  name: string;
  roles: string;
  account: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** A subject erased (docs/security.md, erasure): its keyed digest only, so the table holds nothing personal. */
export interface ErasedSubjectsTable {
  subjectDigest: string;
  erasedAt: string;
}

/** The tables users owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface UserTables {
  users: UsersTable;
  erased_subjects: ErasedSubjectsTable;
}
