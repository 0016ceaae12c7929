/** One stored object of the embedded sign-in provider (session, grant, code, token …); payload is its JSON. */
export interface OidcModelsTable {
  model: string;
  id: string;
  payload: string;
  expiresAt: string | null;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  consumedAt: string | null;
}

/** Accounts of the embedded provider: password hash (scrypt), roles as a JSON list, disabled 0/1. */
export interface LocalAccountsTable {
  sub: string;
  email: string;
  name: string;
  passwordHash: string;
  roles: string;
  account: string | null;
  disabled: number;
  createdAt: string;
  updatedAt: string;
}

/** The tables auth (the embedded sign-in provider) owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface AuthTables {
  oidc_models: OidcModelsTable;
  local_accounts: LocalAccountsTable;
}
