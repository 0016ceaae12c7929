import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FileStorage } from '../platform/storage/file-storage.ts';

/** Runs `work` with a private temporary folder that is removed afterwards, whatever happens. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-preview-'));
  try {
    return await work(dir);
  } finally {
    // Retried: a program stopped for its time may still be letting go of a file in it.
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Makes a stored file available as `<dir>/<name>` for programs that need a path with the right
 * extension: a symbolic link into the local storage folder, or a download from S3.
 */
export async function placeStoredFile(storage: FileStorage, key: string, dir: string, name: string): Promise<string> {
  const path = join(dir, name);
  await storage.placeAt(key, path);
  return path;
}

/** A stored file's bytes; refuses files above `maxBytes` so one huge file cannot exhaust memory. */
export async function readStoredFile(storage: FileStorage, key: string, maxBytes: number): Promise<Buffer> {
  const info = await storage.stat(key);
  if (info && info.size > maxBytes) throw new FileTooLargeForPreviewError(info.size, maxBytes);
  return buffer(await storage.read(key));
}

/** Stores bytes made by a preview step and returns their key. */
export async function storeBytes(storage: FileStorage, bytes: Uint8Array): Promise<string> {
  return (await storage.put(Readable.from([bytes]))).key;
}

export class FileTooLargeForPreviewError extends Error {
  constructor(size: number, maxBytes: number) {
    super(`The file (${size} bytes) is larger than the ${maxBytes} bytes previews read into memory`);
    this.name = 'FileTooLargeForPreviewError';
  }
}
