import type { Readable } from 'node:stream';
import type { BufferPool } from '../delivery/buffer-pool.ts';

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

/** What a presigned read URL grants and how the backend answers it. */
export interface PresignedReadOptions {
  /** How long the URL works, in seconds (whole, at least 1). */
  expiresInSeconds: number;
  /** Content-Type the backend answers with, whatever it stored. */
  contentType: string;
  /** Content-Disposition the backend answers with (the file name the browser saves). */
  contentDisposition: string;
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
  /**
   * Streams a stored file, or a byte range of it: the one way to open a stored file. With a pool,
   * the chunks of a local file come from its buffers (send them with sendPooledStream); other
   * backends stream as their SDK does and the pool ignores their chunks.
   */
  read(key: string, range?: ByteRange, pool?: BufferPool): Promise<Readable>;
  /** Makes the file readable at `path` for programs that need a real file (LibreOffice, ffmpeg): a link to a local file, or a download. */
  placeAt(key: string, path: string): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * A URL anyone holding it can GET the file (and ranges of it) from the backend itself with,
   * until it expires. Only backends that serve files on their own have it (S3, not the local folder).
   */
  presignRead?(key: string, options: PresignedReadOptions): Promise<string>;
  /** Readiness: whether the backend can be reached and used right now (false rather than an error). */
  answers(): Promise<boolean>;
  /** Housekeeping at start: removes what killed writers left behind; answers how many leftovers it removed. */
  removeLeftovers(): Promise<number>;
}
