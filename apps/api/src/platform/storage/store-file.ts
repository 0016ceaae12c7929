import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StoredFileColumns } from '../db/schema.ts';
import type { FileStorage } from './file-storage.ts';

/** Bytes of a file to store: in memory for small ones, or a stream opened on demand. */
export type FileContent = Buffer | string | (() => Readable);

export interface FileInput {
  fileName: string;
  content: FileContent;
  mediaType?: string;
}

/** Streams a file into storage and returns the row columns describing it (new id, sha256, size, key). */
export async function storeFile(storage: FileStorage, input: FileInput, createdAt = new Date().toISOString()): Promise<StoredFileColumns> {
  const source = typeof input.content === 'function' ? input.content() : Readable.from([Buffer.from(input.content)]);
  const stored = await storage.put(source);
  return {
    id: randomUUID(),
    fileName: input.fileName,
    size: stored.size,
    mediaType: input.mediaType ?? 'application/octet-stream',
    sha256: stored.sha256,
    storageKey: stored.key,
    createdAt,
  };
}
