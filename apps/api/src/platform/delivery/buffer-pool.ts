import { open, type FileHandle } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';

/*
 * Streaming a large file allocates a fresh buffer per chunk; V8 counts them as external memory and
 * runs a full garbage collection for every few tens of megabytes, whose cost grows with the API's
 * heap. A pool recycles the chunk buffers of one download instead: the reader fills a free buffer,
 * the sink hands it back once the socket has written it, and memory stays flat.
 */

/**
 * Chunk buffers of one size, taken by a reader and given back by the sink once written. Only the
 * free list is held strongly, and it is bounded: a chunk that never comes back (deflated by zlib,
 * whose output is what the sink sees; dropped when the client hangs up) is ordinary garbage.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];
  /** Weak: tells the pool's own memory from other chunks without keeping any of it alive. */
  private readonly lent = new WeakSet<ArrayBuffer>();
  private createdCount = 0;

  readonly chunkBytes: number;
  /** Free buffers kept for the next downloads; more are left to the garbage collector. */
  readonly maxFree: number;

  constructor(chunkBytes = 1024 * 1024, maxFree = 16) {
    this.chunkBytes = chunkBytes;
    this.maxFree = maxFree;
  }

  take(): Buffer {
    let memory = this.free.pop();
    if (!memory) {
      memory = new ArrayBuffer(this.chunkBytes);
      this.createdCount += 1;
    }
    this.lent.add(memory);
    return Buffer.from(memory);
  }

  /** Gives a chunk's memory back; chunks the pool did not lend (headers, copies, zlib output) are ignored. */
  release(chunk: Uint8Array): void {
    const memory = chunk.buffer as ArrayBuffer;
    if (!this.lent.delete(memory)) return;
    if (this.free.length < this.maxFree) this.free.push(memory);
  }

  /** Buffers ever created: how little a stream of many chunks allocates when they come back. */
  get created(): number {
    return this.createdCount;
  }

  /** Buffers the pool itself keeps alive (the free list): never more than maxFree. */
  get retained(): number {
    return this.free.length;
  }
}

/**
 * The pool every download shares: one download keeps about eight buffers in flight, and they are
 * reused by the next one (a pool per download would leave its buffers to a garbage collection that,
 * with nothing else allocating, may not come for a long time).
 */
export const downloadBufferPool = new BufferPool();

/**
 * A Readable of a local file (or a byte range of it) whose chunks come from `pool`. What is left
 * to read when it is less than a pool buffer (a thumbnail, a small PDF, the tail of a file) is read
 * into a buffer of its own size: hundreds of small downloads at once would otherwise hold a
 * megabyte each.
 */
export function pooledFileStream(path: string, pool: BufferPool, range?: { start: number; end: number }): Readable {
  let handle: FileHandle | undefined;
  let position = range?.start ?? 0;
  let end = range ? range.end + 1 : Infinity;
  return new Readable({
    highWaterMark: 1,
    async construct(callback) {
      try {
        handle = await open(path, 'r');
        end = Math.min(end, (await handle.stat()).size);
        callback();
      } catch (error) {
        await handle?.close().catch(() => undefined);
        handle = undefined;
        callback(error as Error);
      }
    },
    read() {
      const left = end - position;
      if (left <= 0) {
        this.push(null);
        return;
      }
      const buffer = left < pool.chunkBytes ? Buffer.allocUnsafe(left) : pool.take();
      const length = Math.min(buffer.length, left);
      handle!.read(buffer, 0, length, position).then(
        ({ bytesRead }) => {
          if (bytesRead === 0) {
            pool.release(buffer);
            this.push(null);
            return;
          }
          position += bytesRead;
          this.push(buffer.subarray(0, bytesRead));
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      if (!handle) return callback(error);
      handle.close().then(() => callback(error), () => callback(error));
    },
  });
}

/** A sink that writes each chunk to `destination` and returns it to `pool` once the write has completed. */
export function releasingSink(destination: Writable, pool: BufferPool): Writable {
  return new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      destination.write(chunk, (error) => {
        if (!error) pool.release(chunk);
        callback(error ?? null);
      });
    },
    final(callback) {
      destination.end(callback);
    },
  });
}
