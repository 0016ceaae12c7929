import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { fileEntry, hashingStream, openArchive, readManifest, secretEntry, type ArchiveReader, type BackupManifest, type EntrySums } from './backup-archive.ts';
import { userTableCount } from './backup.repository.ts';
import { restorePostgres, restoreSqlite } from './database-snapshot.ts';
import { referencedStorageKeys, type StoredFileKeys } from './stored-file-keys.ts';

/** Where a restore goes: an empty DATA_DIR, an empty database and (local folder or bucket) storage without the archive's files. */
export interface RestoreTarget {
  dialect: DialectName;
  dataDir: string;
  sqliteFile: string;
  databaseUrl?: string;
  /** Opens the target database (not yet migrated). */
  openDatabase(): Kysely<Database>;
  /** The target's file storage, made once DATA_DIR has been found empty. */
  createStorage(): Promise<FileStorage>;
  /** The owners of stored files (modules/stored-files.ts): the restored rows' files must all be back. */
  storedFiles: readonly StoredFileKeys[];
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Files the restored database refers to that the storage does not have (0 for a complete restore). */
  missingFiles: string[];
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const mismatch = (what: string, expected: EntrySums, got: EntrySums) =>
  new Error(`${what} does not match the manifest (sha256 ${got.sha256.slice(0, 12)}…, ${got.size} bytes; expected ${expected.sha256.slice(0, 12)}…, ${expected.size} bytes): the archive is damaged.`);

/** Writes an entry to a local path while hashing it; throws (and removes the file) when the sums differ from the manifest's. */
async function extractVerified(archive: ArchiveReader, name: string, expected: EntrySums, path: string): Promise<void> {
  let got: EntrySums = { sha256: '', size: -1 };
  await pipeline(await archive.open(name), hashingStream((sums) => (got = sums)), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (got.sha256 !== expected.sha256 || got.size !== expected.size) {
    await rm(path, { force: true });
    throw mismatch(name, expected, got);
  }
}

async function assertEmptyTarget(target: RestoreTarget, manifest: BackupManifest): Promise<void> {
  if (manifest.database.dialect !== target.dialect) {
    throw new RestoreRefusedError(`The archive holds a ${manifest.database.dialect} database, but the configuration points at ${target.dialect}: restore into the same kind of database.`);
  }
  const present = await readdir(target.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0) {
    throw new RestoreRefusedError(`DATA_DIR ${target.dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): a restore only goes into an empty DATA_DIR.`);
  }
  if (target.dialect === 'postgres') {
    const db = target.openDatabase();
    try {
      const tables = await userTableCount(db, 'postgres');
      if (tables > 0) throw new RestoreRefusedError(`The database of DATABASE_URL already has ${tables} tables: a restore only goes into an empty database (create a new one).`);
    } finally {
      await db.destroy();
    }
  }
}

async function assertFilesAbsent(storage: FileStorage, manifest: BackupManifest): Promise<void> {
  for (const file of manifest.files) {
    if (await storage.stat(file.key)) throw new RestoreRefusedError(`The file storage already holds ${file.key}: a restore only goes into an empty bucket or folder.`);
  }
}

/**
 * Restores an archive written by writeBackup: checks the manifest and that the target is empty, then
 * restores the database (its sums checked before use), every stored file (each stored under the key its
 * content gives, and checked against the manifest) and DATA_DIR's secrets. Answers which files the
 * restored database names that the storage lacks.
 */
export async function restoreBackup(file: string, target: RestoreTarget, progress: (message: string) => void = () => undefined): Promise<RestoreResult> {
  const archive = await openArchive(file);
  try {
    const manifest = await readManifest(archive);
    await assertEmptyTarget(target, manifest);
    await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
    const storage = await target.createStorage();
    await assertFilesAbsent(storage, manifest);

    progress(`Restoring the ${manifest.database.dialect} database…`);
    if (target.dialect === 'sqlite') {
      const extracted = `${target.sqliteFile}.restoring`;
      await extractVerified(archive, manifest.database.entry, manifest.database, extracted);
      await restoreSqlite(extracted, target.sqliteFile);
      await rm(extracted, { force: true });
    } else {
      const work = await mkdtemp(join(tmpdir(), 'portal-restore-'));
      try {
        const dump = join(work, 'portal.pgdump');
        await extractVerified(archive, manifest.database.entry, manifest.database, dump);
        await restorePostgres(dump, target.databaseUrl!);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }

    progress(`Restoring ${manifest.files.length} stored files…`);
    for (const expected of manifest.files) {
      const stored = await storage.put(await archive.open(fileEntry(expected.key)));
      if (stored.key !== expected.key || stored.sha256 !== expected.sha256 || stored.size !== expected.size) {
        await storage.delete(stored.key);
        throw mismatch(fileEntry(expected.key), expected, stored);
      }
    }
    if (manifest.secrets.length > 0) await mkdir(join(target.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    for (const secret of manifest.secrets) await extractVerified(archive, secretEntry(secret.name), secret, join(target.dataDir, 'secrets', secret.name));

    const db = target.openDatabase();
    try {
      const missingFiles: string[] = [];
      for (const key of await referencedStorageKeys(db, target.storedFiles)) if (!(await storage.stat(key))) missingFiles.push(key);
      return { manifest, missingFiles };
    } finally {
      await db.destroy();
    }
  } finally {
    archive.close();
  }
}
