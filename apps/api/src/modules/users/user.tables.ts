import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  sub: string;
  email: string;
  name: string;
  roles: string;
  account: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  /** 1: an admin locked the user out (a local account's own flag is in local_accounts). */
  disabled: Generated<number>;
}

/** A customer or partner company, by the id users' tokens, units and grants name it by. */
export interface AccountsTable {
  id: string;
  name: string;
  kind: 'customer' | 'partner';
  createdAt: string;
  updatedAt: string;
}

/** A partner serving a customer. */
export interface AccountPartnersTable {
  customerId: string;
  partnerId: string;
  createdAt: string;
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
  accounts: AccountsTable;
  account_partners: AccountPartnersTable;
}
