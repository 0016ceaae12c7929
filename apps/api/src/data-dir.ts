import { chmod, mkdir, open } from 'node:fs/promises';
const ownerOnlyFolder = 0o700;
const ownerOnlyFile = 0o600;

async function chmodIfPresent(path: string, mode: number): Promise<void> {
  await chmod(path, mode).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  });
}

/**
 * DATA_DIR holds the database, the stored documents and the signing secrets: the folder is made
 * 0700 (also when an older version created it wider) and the SQLite file 0600 before SQLite opens
 * it; SQLite gives its -wal and -shm files the database file's mode.
 */
export async function prepareDataDir(dataDir: string, sqliteFile?: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: ownerOnlyFolder });
  await chmod(dataDir, ownerOnlyFolder);
  if (sqliteFile === undefined) return;
  await (await open(sqliteFile, 'a', ownerOnlyFile)).close();
  for (const suffix of ['', '-wal', '-shm', '-journal']) await chmodIfPresent(`${sqliteFile}${suffix}`, ownerOnlyFile);
}
