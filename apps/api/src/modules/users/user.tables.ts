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

/** The tables users owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface UserTables {
  users: UsersTable;
}
