import { parseArgs } from 'node:util';
import { rotateSharedSigningKeys } from '../auth/signing-keys.ts';
import { loadConfig } from '../config.ts';
import { runCli } from './run-cli.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations/index.ts';

/*
 * npm run keys -- rotate
 * Adds a new signing key for the embedded sign-in provider (keys shared through DATABASE_URL). The
 * previous key keeps verifying for a day; restart the API processes one by one to sign with the new one.
 */

const usage = 'Usage: npm run keys -- rotate   (needs DATABASE_URL: the keys shared by every API process)';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help || positionals.length !== 1 || positionals[0] !== 'rotate') {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(`Without DATABASE_URL the keys live in ${config.dataDir}/secrets of the one server; ${usage}`);
    return 2;
  }
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(db);
    const rotation = await rotateSharedSigningKeys(db);
    console.log(`Added signing key ${rotation.added}; still verifying ${rotation.kept.join(', ') || 'no older key'}.`);
    if (rotation.removed.length) console.log(`Removed keys replaced more than a day ago: ${rotation.removed.join(', ')}.`);
    console.log('Restart the API processes one by one: each signs with the new key from its start.');
    return 0;
  } finally {
    await db.destroy();
  }
}

runCli(main);
