import { adminImportLimits } from '@portal/contracts/admin-import';
import { badRequest, payloadTooLarge } from '../../platform/errors.ts';

/** What one import may hold; the per-file size is the server's upload limit. */
export interface UploadLimits {
  maxFiles: number;
  maxTotalBytes: number;
  maxFileBytes: number;
  maxPathLength: number;
  maxDepth: number;
}

export const uploadLimits = (maxFileBytes: number, overrides: Partial<UploadLimits> = {}): UploadLimits => ({ ...adminImportLimits, maxFileBytes, ...overrides });

const refusedPath = (path: string, why: string) => badRequest('invalidParameters', `The path "${path.slice(0, 200)}" ${why}.`, [{ path: path.slice(0, 200), message: why }]);

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacter = /[\u0000-\u001f\u007f]/;
/** Bytes of a name most file systems accept. */
const maxSegmentBytes = 255;

/**
 * A file's path inside the uploaded folder or zip as `a/b/c.pdf`, refused (400) when it is absolute,
 * goes up (`..`), holds control characters or is too long or deep. Backslashes count as separators
 * (some Windows tools write them into zips); empty and `.` segments are dropped.
 */
export function safeRelativePath(raw: string, limits: Pick<UploadLimits, 'maxPathLength' | 'maxDepth'>): string {
  if (raw.length === 0) throw refusedPath(raw, 'is empty');
  if (raw.length > limits.maxPathLength) throw refusedPath(raw, `is longer than ${limits.maxPathLength} characters`);
  if (controlCharacter.test(raw)) throw refusedPath(raw, 'holds control characters');
  const path = raw.replaceAll('\\', '/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) throw refusedPath(raw, 'is absolute');
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw refusedPath(raw, 'leaves the folder');
  if (segments.length === 0) throw refusedPath(raw, 'names no file');
  if (segments.length > limits.maxDepth + 1) throw refusedPath(raw, `goes more than ${limits.maxDepth} folders deep`);
  if (segments.some((segment) => Buffer.byteLength(segment) > maxSegmentBytes)) throw refusedPath(raw, `has a name longer than ${maxSegmentBytes} bytes`);
  return segments.join('/');
}

/** Files that archivers add beside the content (macOS resource forks), never imported. */
export const isArchiverLeftover = (path: string) => path === '__MACOSX' || path.startsWith('__MACOSX/');

/**
 * The files of one upload so far: refuses a second file at the same path, a file where another
 * needs a folder (or the reverse), and going past the count or total size.
 */
export class UploadTally {
  private readonly paths = new Set<string>();
  private readonly folders = new Set<string>();
  private bytes = 0;
  private readonly limits: UploadLimits;

  constructor(limits: UploadLimits) {
    this.limits = limits;
  }

  get files(): number {
    return this.paths.size;
  }

  /** Takes a file's path; `size` when it is known before the bytes are read (a zip entry's). */
  add(path: string, size = 0): void {
    if (this.paths.size >= this.limits.maxFiles) throw payloadTooLarge(`An import holds at most ${this.limits.maxFiles} files.`);
    if (size > this.limits.maxFileBytes) throw payloadTooLarge(`${path} is larger than the ${this.limits.maxFileBytes} bytes allowed for one file.`);
    if (this.paths.has(path)) throw refusedPath(path, 'is there twice');
    if (this.folders.has(path)) throw refusedPath(path, 'is both a file and a folder');
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      if (this.paths.has(folder)) throw refusedPath(folder, 'is both a file and a folder');
      this.folders.add(folder);
    }
    this.paths.add(path);
    this.count(size);
  }

  /** Counts bytes against the total. */
  count(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxTotalBytes) throw payloadTooLarge(`An import holds at most ${this.limits.maxTotalBytes} bytes of files.`);
  }
}
