/** Keys and secrets every API process must share (signing keys, cookie keys, the file URL secret). */
export interface SharedSecretsTable {
  name: string;
  value: string;
  updatedAt: string;
}

/** The tables the platform (platform/db/shared-secrets.ts) owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface SharedSecretTables {
  shared_secrets: SharedSecretsTable;
}
