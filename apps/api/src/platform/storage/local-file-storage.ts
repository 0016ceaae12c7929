import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, symlink, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pooledFileStream, type BufferPool } from '../delivery/buffer-pool.ts';
import type { ByteRange, FileStorage, StoredFile } from './file-storage.ts';
import { contentHasher } from './content-hasher.ts';
import { assertStorageKey, StoredFileMissingError, storageKeyFor } from './storage-key.ts';

const tempFolder = '.tmp';

/** Chunk size for streaming local files out (the default 64 KiB costs about 3× the time per byte). */
const chunkBytes = 1024 * 1024;

/**
 * Files in a local folder (`<root>/ab/cd/<sha256>`). Bytes go to a temporary file under `<root>/.tmp`
 * (same file system, so the final rename is atomic), are hashed on the way, flushed to disk, then
 * renamed to their content address: a killed process leaves at most an orphan temp file, never a
 * half file under a real key.
 */
export class LocalFileStorage implements FileStorage {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = rootDir;
  }

  async put(source: Readable): Promise<StoredFile> {
    const tempDir = join(this.rootDir, tempFolder);
    await mkdir(tempDir, { recursive: true, mode: 0o700 });
    // The writer's process id first: at the next start, a temp file whose writer is gone is an orphan whatever its age.
    const tempPath = join(tempDir, `${process.pid}-${randomUUID()}`);
    const hasher = contentHasher();
    try {
      // Owner only: stored files are confidential documents (DATA_DIR is 0700 too).
      const file = await open(tempPath, 'wx', 0o600);
      await pipeline(source, hasher.stream, createWriteStream('', { fd: file, flush: true }));
      const { sha256, size } = hasher.result();
      const key = storageKeyFor(sha256);
      const finalPath = this.pathOf(key);
      if (await exists(finalPath)) {
        await unlink(tempPath);
      } else {
        await mkdir(dirname(finalPath), { recursive: true, mode: 0o700 });
        await rename(tempPath, finalPath);
        await syncFolder(dirname(finalPath));
      }
      return { key, sha256, size };
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return { size: info.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange, pool?: BufferPool): Promise<Readable> {
    const path = this.pathOf(key);
    if (pool) return pooledFileStream(path, pool, range);
    // Opening first turns a missing file into an awaited error instead of a later stream error.
    const file = await open(path, 'r').catch((error: unknown) => {
      throw isNotFound(error) ? new StoredFileMissingError(key) : error;
    });
    return file.createReadStream({ ...(range ? { start: range.start, end: range.end } : {}), highWaterMark: chunkBytes });
  }

  async placeAt(key: string, path: string): Promise<void> {
    await symlink(this.pathOf(key), path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The file's path on disk. */
  pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.rootDir, key);
  }

  /** The folder exists (or can be made) and this process may read and write it. */
  async answers(): Promise<boolean> {
    try {
      await mkdir(this.rootDir, { recursive: true, mode: 0o700 });
      await access(this.rootDir, constants.R_OK | constants.W_OK | constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  removeLeftovers(): Promise<number> {
    return this.removeOrphanTempFiles();
  }

  /** Removes orphan temp files: those whose writer process has ended, and any older than the given age (younger ones may still be written). */
  async removeOrphanTempFiles(olderThanMs = 60 * 60 * 1000): Promise<number> {
    const tempDir = join(this.rootDir, tempFolder);
    const names = await readdir(tempDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const path = join(tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && (Date.now() - info.mtimeMs > olderThanMs || writerIsGone(name))) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

/** Whether the process that wrote a temp file (named `<pid>-<uuid>`) has ended: killed mid-upload, it left an orphan. */
function writerIsGone(tempName: string): boolean {
  const pid = Number(tempName.slice(0, tempName.indexOf('-')));
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: unknown) => {
      if (isNotFound(error)) return false;
      throw error;
    },
  );
}

/** Makes the rename itself durable. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
