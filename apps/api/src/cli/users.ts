import { text } from 'node:stream/consumers';
import { createLocalAccounts } from '../auth/accounts/local-accounts.ts';
import { runUsersCommand } from '../auth/accounts/users-command.ts';
import { loadConfig } from '../config.ts';
import { commandContext } from '../modules/audit/index.ts';
import { eraseUser } from '../modules/privacy/index.ts';
import { runCli } from './run-cli.ts';
import { withCommandDatabase } from './command-database.ts';

/*
 * npm run users -- add|set-role|disable|enable|reset-password|erase <e-mail> [options]
 * Manages the local accounts of the embedded sign-in provider in the configured database.
 */

async function main(): Promise<number> {
  const config = loadConfig();
  return withCommandDatabase(config, (db) =>
    runUsersCommand(process.argv.slice(2), createLocalAccounts(db), {
      readStdin: () => text(process.stdin),
      print: (line) => console.log(line),
      erase: (email, confirm) => eraseUser(db, commandContext('npm run users -- erase'), email, confirm),
    }),
  );
}

runCli(main);
