import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { ArchiveWriter, fileEntry, manifestEntry, secretEntry, type BackupManifest, type EntrySums } from './backup-archive.ts';
import { snapshotPostgres, snapshotSqlite } from './database-snapshot.ts';
import { referencedStorageKeys, type StoredFileKeys } from './stored-file-keys.ts';

/** What a backup reads: the running portal's database, file storage and DATA_DIR (nothing is stopped or locked beyond a read). */
export interface BackupSource {
  db: Kysely<Database>;
  dialect: DialectName;
  storage: FileStorage;
  dataDir: string;
  sqliteFile: string;
  databaseUrl?: string;
  /** The owners of stored files (modules/stored-files.ts): the files archived are those their rows refer to. */
  storedFiles: readonly StoredFileKeys[];
}

export interface BackupSummary {
  out: string;
  files: number;
  bytes: number;
}

/** The secrets the portal keeps in DATA_DIR/secrets (provider keys, file URL secret): without them sign-ins and links break. */
async function secretNames(dataDir: string): Promise<string[]> {
  const folder = join(dataDir, 'secrets');
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
}

/**
 * Writes one archive of the portal to `out`: a consistent snapshot of the database first, then every
 * file the database refers to (read after the snapshot, so each file a snapshot row names is there:
 * stored files are written before their rows and never removed), then DATA_DIR's secrets, then the
 * manifest with every entry's sha256. Written to a temporary name and renamed when complete.
 */
export async function writeBackup(source: BackupSource, out: string, progress: (message: string) => void = () => undefined): Promise<BackupSummary> {
  if (await stat(out).catch(() => null)) throw new Error(`${out} already exists: choose a new file name.`);
  const work = await mkdtemp(join(dirname(out), '.portal-backup-'));
  try {
    const snapshot = join(work, source.dialect === 'sqlite' ? 'portal.sqlite' : 'portal.pgdump');
    progress(`Taking a snapshot of the ${source.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database…`);
    if (source.dialect === 'sqlite') await snapshotSqlite(source.sqliteFile, snapshot);
    else await snapshotPostgres(source.databaseUrl!, snapshot);

    const keys = await referencedStorageKeys(source.db, source.storedFiles);
    const secrets = await secretNames(source.dataDir);
    progress(`Archiving the database, ${keys.length} stored files and ${secrets.length} secrets…`);
    const partial = join(work, 'archive.zip');
    const archive = new ArchiveWriter(partial);
    const entry: BackupManifest['database']['entry'] = source.dialect === 'sqlite' ? 'database/portal.sqlite' : 'database/portal.pgdump';
    const database = archive.add(entry, async () => createReadStream(snapshot), true);
    // Stored files are mostly compressed already (PDF, images, video): kept as they are.
    const files = keys.map((key) => archive.add(fileEntry(key), () => source.storage.read(key), false).then((sums) => ({ key, ...sums })));
    const secretSums = secrets.map((name) =>
      archive.add(secretEntry(name), async () => Readable.from([await readFile(join(source.dataDir, 'secrets', name))]), true).then((sums) => ({ name, ...sums })),
    );
    // Reached last: by then every other entry is written and its sums known.
    void archive.add(manifestEntry, async () => {
      const manifest: BackupManifest = {
        format: 'portal-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: { dialect: source.dialect, entry, ...(await database) },
        files: await Promise.all(files),
        secrets: await Promise.all(secretSums),
      };
      return Readable.from([Buffer.from(JSON.stringify(manifest, null, 1))]);
    }, true);
    await archive.finish();
    const fileSums: EntrySums[] = await Promise.all(files);
    await rename(partial, out);
    return { out, files: fileSums.length, bytes: (await stat(out)).size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
