import { sql, type QueryExecutorProvider } from 'kysely';
import type { Client } from 'pg';
import { contentCommitChannel } from './migrations/2026-11-24-99c-postgres-search-catalog.ts';

export interface ContentCommitOptions {
  databaseUrl: string;
  /** The schema whose commits count (tests give each suite its own); the connection's default otherwise. */
  schema?: string;
  /** A commit changed what search shows, or notices may have been missed while the connection was down. */
  onCommit(): void;
  onError(error: Error): void;
  retryMs?: number;
}

/**
 * Listens on a connection of its own for the notices PostgreSQL sends at the commit of a change to
 * searchable content (see the migration that adds them), whoever made it: another API process, a
 * worker, the import command. A dropped connection is opened again; since notices sent meanwhile
 * are lost, every reconnection counts as a commit. Returns the function that stops listening.
 */
export function listenForContentCommits({ databaseUrl, schema, onCommit, onError, retryMs = 1_000 }: ContentCommitOptions): () => Promise<void> {
  let client: Client | undefined;
  let stopped = false;
  let connectedBefore = false;
  let retry: NodeJS.Timeout | undefined;

  const drop = (dropped: Client) => {
    if (client !== dropped) return;
    client = undefined;
    dropped.end().catch(() => undefined);
    if (stopped) return;
    retry = setTimeout(connect, retryMs);
    retry.unref();
  };

  async function connect(): Promise<void> {
    // Loaded here, as database.ts does, so the embedded mode never loads the driver.
    const { default: pg } = await import('pg');
    const next = new pg.Client({ connectionString: databaseUrl, ...(schema && { options: `-c search_path=${schema}` }) });
    client = next;
    next.on('error', (error) => {
      onError(error);
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('SELECT current_schema() AS schema');
      const watchedSchema = rows[0]?.schema;
      next.on('notification', (notice) => {
        if (notice.channel === contentCommitChannel && notice.payload === watchedSchema) onCommit();
      });
      await next.query(`LISTEN ${contentCommitChannel}`);
      if (connectedBefore) onCommit();
      connectedBefore = true;
    } catch (error) {
      onError(error as Error);
      drop(next);
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = undefined;
    await open?.end().catch(() => undefined);
  };
}

/**
 * PostgreSQL: this transaction's commit sends no notice of a content change. Only for a transaction that rewrites index
 * rows and nothing the catalog reads otherwise (a re-index batch), which then announces itself (announceContentCommit).
 */
export async function muteContentNotices(trx: QueryExecutorProvider): Promise<void> {
  await sql`SELECT set_config('portal.index_rewrite_only', 'on', true)`.execute(trx);
}

/** PostgreSQL: tells every process listening for this schema's content commits that content changed (at commit, in a transaction). */
export async function announceContentCommit(db: QueryExecutorProvider): Promise<void> {
  await sql`SELECT pg_notify(${contentCommitChannel}, current_schema())`.execute(db);
}
