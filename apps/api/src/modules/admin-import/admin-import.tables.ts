import type { Generated } from 'kysely';

/** An import sent from the browser; `report` (JSON) is written when it ends, `audit` (JSON) is who sent it, from where. */
export interface AdminImportsTable {
  id: string;
  source: string;
  kind: 'zip' | 'folder';
  status: 'queued' | 'running' | 'done' | 'failed';
  total: Generated<number>;
  added: Generated<number>;
  skipped: Generated<number>;
  refused: Generated<number>;
  failed: Generated<number>;
  report: string | null;
  error: string | null;
  audit: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** `draft`, `now` or the ISO time the documents it creates are scheduled for. */
  publication: Generated<string>;
}

/** The tables admin-import owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface AdminImportTables {
  admin_imports: AdminImportsTable;
}
