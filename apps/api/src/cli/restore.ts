import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations/index.ts';
import { restoreBackup, RestoreRefusedError } from '../platform/backup/backup-restore.ts';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import { verifyAuditChain } from '../modules/audit/index.ts';
import { storedFileOwners } from '../modules/stored-files.ts';
import { runCli } from './run-cli.ts';

/*
 * npm run restore -- FILE   restores an archive of `npm run backup` into an empty DATA_DIR, an empty
 *                           database (DATABASE_URL) and file storage (S3_* or DATA_DIR/files), checks
 *                           every sha256 of the manifest, then the audit chain. Exit 0 only when all is intact.
 */

const usage = 'Usage: npm run restore -- <backup.zip>';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const open = () => openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile }).db;
  try {
    const { manifest, missingFiles } = await restoreBackup(
      resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!),
      { dialect: config.DATABASE_URL ? 'postgres' : 'sqlite', dataDir: config.dataDir, sqliteFile: config.sqliteFile, databaseUrl: config.DATABASE_URL, openDatabase: open, createStorage: () => createFileStorage(config), storedFiles: storedFileOwners },
      (message) => console.log(message),
    );
    console.log(`Restored the backup of ${manifest.createdAt}: the database, ${manifest.files.length} stored files and ${manifest.secrets.length} secrets, every sha256 matching.`);
    const db = open();
    try {
      await migrateToLatest(db);
      const verdict = await verifyAuditChain(db);
      console.log(verdict.intact ? `The audit chain is intact (${verdict.entries} entries).` : `The audit chain is broken at entry ${verdict.broken.seq}: ${verdict.broken.reason}.`);
      if (missingFiles.length > 0) console.error(`${missingFiles.length} files the database refers to are missing, e.g. ${missingFiles.slice(0, 3).join(', ')}.`);
      return verdict.intact && missingFiles.length === 0 ? 0 : 1;
    } finally {
      await db.destroy();
    }
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      console.error(`Restore refused: ${error.message}`);
      return 2;
    }
    console.error('The restore stopped part-way: empty DATA_DIR, the database and the bucket again before another attempt.');
    throw error;
  }
}

runCli(main);
