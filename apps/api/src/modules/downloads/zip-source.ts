import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import type { NewDownloadRecord } from './download.repository.ts';

/** One file of a zip, read lazily from FileStorage when the zip writer reaches it. */
export interface ZipEntrySource {
  /** Path inside the archive. */
  name: string;
  storageKey: string;
  size: number;
  /** Deflate only what shrinks; already-compressed data is stored as is. */
  compress: boolean;
}

/** What a `downloadZip` path stands for: the archive's name, its files, and the download to record. */
export interface ZipSource {
  fileName: string;
  entries: ZipEntrySource[];
  /** Recorded once per zip; the user's sub is added by the caller. */
  record: Omit<NewDownloadRecord, 'userSub'>;
}

/**
 * Resolves the rest of a `downloadZip` filePath (after its first segment, e.g. `software/`) into a
 * ZipSource, checking the user's access. Segments arrive already split and decoded; a resolver
 * throws 404/403 AppErrors for anything it does not know or the user may not read.
 */
export type ZipResolver = (context: { db: Kysely<Database>; user: AuthUser }, segments: string[]) => Promise<ZipSource>;

const compressibleExtensions = new Set(['txt', 'csv', 'json', 'xml', 'svg', 'html', 'htm', 'md', 'stp', 'step', 'igs', 'iges', 'log', 'ini', 'cfg']);

/** Text-like files shrink when deflated; archives, images, video, firmware images and executables do not. */
export function isCompressible(fileName: string, mediaType: string): boolean {
  if (mediaType.startsWith('text/') || /[+/](json|xml)$/.test(mediaType)) return true;
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return compressibleExtensions.has(extension);
}

/** The entry of a stored file, named `folder/fileName` when a folder is given. */
export function zipEntry(file: { fileName: string; storageKey: string; size: number; mediaType: string }, folder?: string): ZipEntrySource {
  return {
    name: folder ? `${folder}/${file.fileName}` : file.fileName,
    storageKey: file.storageKey,
    size: Number(file.size),
    compress: isCompressible(file.fileName, file.mediaType),
  };
}

/** A file-name-safe form of a label (for zip names): letters, digits, `.`, `_`, `-`. */
export function safeFileName(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'download';
}
