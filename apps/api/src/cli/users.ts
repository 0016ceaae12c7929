import { text } from 'node:stream/consumers';
import { createLocalAccounts } from '../auth/accounts/local-accounts.ts';
import { runUsersCommand } from '../auth/accounts/users-command.ts';
import { loadConfig } from '../config.ts';
import { runCli } from './run-cli.ts';
import { prepareDataDir } from '../data-dir.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations/index.ts';

/*
 * npm run users -- add|set-role|disable|enable|reset-password <e-mail> [options]
 * Manages the local accounts of the embedded sign-in provider in the configured database.
 */

async function main(): Promise<number> {
  const config = loadConfig();
  await prepareDataDir(config.dataDir, config.DATABASE_URL ? undefined : config.sqliteFile);
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(db);
    return await runUsersCommand(process.argv.slice(2), createLocalAccounts(db), { readStdin: () => text(process.stdin), print: (line) => console.log(line) });
  } finally {
    await db.destroy();
  }
}

runCli(main);
