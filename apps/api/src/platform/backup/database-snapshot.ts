import { execFile } from 'node:child_process';
import { copyFile, rm } from 'node:fs/promises';
import { backup, DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Connection-string parameters and the libpq variables that carry them. */
const urlParameters: Record<string, string> = {
  sslmode: 'PGSSLMODE', sslrootcert: 'PGSSLROOTCERT', sslcert: 'PGSSLCERT', sslkey: 'PGSSLKEY', options: 'PGOPTIONS', connect_timeout: 'PGCONNECT_TIMEOUT',
};

/**
 * libpq's environment variables for a connection URL: the password never shows in the command line
 * (another user's `ps` would see it there). Query parameters such as `sslmode` become `PGSSLMODE`.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [name, value] of url.searchParams) {
    const variable = urlParameters[name];
    if (variable) env[variable] = value;
  }
  return env;
}

async function runTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  try {
    // Output goes to a file (`--file`); what the tool prints is only its messages.
    await run(tool, args, { env: { ...process.env, ...libpqEnvironment(databaseUrl) }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new Error(`${tool} is not installed: install the PostgreSQL client tools (the server's major version or newer).`, { cause: error });
    throw new Error(`${tool} failed: ${(failure.stderr ?? failure.message).trim().slice(0, 2000)}`, { cause: error });
  }
}

/**
 * A consistent copy of the SQLite file at `target`, taken with SQLite's online backup API while the
 * portal keeps running: all pages in one step, inside one read transaction (with the write-ahead log,
 * writers are not held up by it).
 */
export async function snapshotSqlite(sqliteFile: string, target: string): Promise<void> {
  const source = new DatabaseSync(sqliteFile, { readOnly: true });
  try {
    // node:sqlite wants a positive page count per step: the largest copies the whole file in one step.
    await backup(source, target, { rate: 2 ** 31 - 1 });
  } finally {
    source.close();
  }
}

/** `pg_dump` in its custom format: one consistent snapshot of the database, taken without stopping it. */
export async function snapshotPostgres(databaseUrl: string, target: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`], databaseUrl);
}

/** Puts a SQLite snapshot in place (the target must not exist: the restore checked it is empty). */
export async function restoreSqlite(snapshot: string, sqliteFile: string): Promise<void> {
  await copyFile(snapshot, sqliteFile, 1 /* COPYFILE_EXCL */);
  for (const suffix of ['-wal', '-shm']) await rm(`${sqliteFile}${suffix}`, { force: true });
}

/** Loads a `pg_dump` into the (empty) database at `databaseUrl`; stops at the first error. */
export async function restorePostgres(snapshot: string, databaseUrl: string): Promise<void> {
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE ?? 'postgres'}`, snapshot], databaseUrl);
}
