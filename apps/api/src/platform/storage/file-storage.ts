import type { Readable } from 'node:stream';

/** What storing a file produced: its content address and size. */
export interface StoredFile {
  /** Storage key derived from the content (sha256), the same on every backend. */
  key: string;
  sha256: string;
  size: number;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live: a local folder in the embedded mode, an S3-compatible bucket when scaled out.
 * Files are content-addressed and written atomically: a reader never sees a half-written file.
 */
export interface FileStorage {
  /** Streams a file in; stores it under its sha256 (a second copy of the same bytes is not stored twice). */
  put(source: Readable): Promise<StoredFile>;
  /** Size of a stored file, or null when there is none under that key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Streams a stored file, or a byte range of it. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}
