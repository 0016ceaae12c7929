import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { writeBackup } from '../platform/backup/backup-writer.ts';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import { storedFileOwners } from '../modules/stored-files.ts';
import { runCli } from './run-cli.ts';

/*
 * npm run backup -- --out FILE   one archive of the database, every stored file and DATA_DIR's secrets,
 *                                with a manifest of sha256 sums; the portal keeps running meanwhile.
 * Uses the portal's configuration (DATA_DIR, DATABASE_URL, S3_*). docs/deployment.md describes the drill.
 */

const usage = 'Usage: npm run backup -- --out <file.zip>';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || positionals.length > 0 || !values.out) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  // The running portal migrated the database: the backup only reads it, as it is.
  const { db, dialect } = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  try {
    const storage = await createFileStorage(config);
    const summary = await writeBackup(
      { db, dialect, storage, dataDir: config.dataDir, sqliteFile: config.sqliteFile, databaseUrl: config.DATABASE_URL, storedFiles: storedFileOwners },
      // Relative to where `npm run` was typed, not the workspace folder npm runs the script in.
      resolve(process.env.INIT_CWD ?? process.cwd(), values.out),
      (message) => console.log(message),
    );
    console.log(`Backup written to ${summary.out}: the database and ${summary.files} stored files, ${summary.bytes} bytes.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runCli(main);
