import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile as YazlZipFile, type ReadStreamOptions } from 'yazl';
import type { FileStorage } from '../storage/file-storage.ts';
import type { BufferPool } from './buffer-pool.ts';

/*
 * yazl computes each entry's CRC-32 with its own copy of buffer-crc32, a byte-at-a-time JavaScript
 * table (about 110 MiB/s on the 2-core bench machine): it capped a zip download at about 50 MiB/s.
 * Node's zlib.crc32 computes the same checksum natively, about ten times faster. This module points
 * yazl's copy at it once, and is the one place the API takes ZipFile from.
 */
type BufferCrc32 = { unsigned: (data: Buffer, previous?: number | Buffer) => number };

const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as BufferCrc32;
bufferCrc32.unsigned = (data, previous) =>
  crc32(data, Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0));

type GetReadStream = (callback: (error: unknown, readStream: NodeJS.ReadableStream) => void) => void;

/**
 * yazl's ZipFile, except that an entry being read is closed when the output is destroyed (the
 * client hung up): yazl only unpipes it, and its open file would wait for a garbage collection.
 */
export class ZipFile extends YazlZipFile {
  private readonly entriesBeingRead = new Set<Readable>();

  constructor() {
    super();
    const output = this.outputStream as Readable;
    output.once('close', () => {
      for (const entry of this.entriesBeingRead) entry.destroy();
    });
  }

  override addReadStreamLazy(metadataPath: string, getReadStream: GetReadStream): void;
  override addReadStreamLazy(metadataPath: string, options: Partial<ReadStreamOptions>, getReadStream: GetReadStream): void;
  override addReadStreamLazy(metadataPath: string, optionsOrGet: Partial<ReadStreamOptions> | GetReadStream, maybeGet?: GetReadStream): void {
    const options = typeof optionsOrGet === 'function' ? {} : optionsOrGet;
    const getReadStream = typeof optionsOrGet === 'function' ? optionsOrGet : maybeGet!;
    super.addReadStreamLazy(metadataPath, options, (callback) =>
      getReadStream((error, readStream) => {
        if (readStream) this.track(readStream as Readable);
        callback(error, readStream);
      }),
    );
  }

  /** Adds a stored file, opened only when the writer reaches it (memory stays flat whatever the total size). */
  addStoredFile(name: string, storage: Pick<FileStorage, 'read'>, storageKey: string, options: Partial<ReadStreamOptions> = {}, pool?: BufferPool): void {
    this.addReadStreamLazy(name, options, (callback) => {
      storage.read(storageKey, undefined, pool).then(
        (input) => {
          // yazl pipes the file without listening for its errors: an unreadable file would crash the process.
          input.once('error', (error) => this.emit('error', error));
          callback(null, input);
        },
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }

  /**
   * The zip's output, which an entry that fails midway destroys with its error (instead of a silently short zip).
   * Call once every entry is added; `end` is yazl's, for a caller that wants the total size.
   */
  finishedStream(end: () => void = () => this.end()): Readable {
    const stream = this.outputStream as Readable;
    this.on('error', (error: Error) => stream.destroy(error));
    end();
    return stream;
  }

  private track(entry: Readable): void {
    if ((this.outputStream as Readable).destroyed) {
      entry.destroy();
      return;
    }
    this.entriesBeingRead.add(entry);
    entry.once('close', () => this.entriesBeingRead.delete(entry));
  }
}
