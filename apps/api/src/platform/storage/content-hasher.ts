import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through stream that hashes (sha256) and counts what flows through it: a stored file's address and size. */
export function contentHasher(): { stream: Transform; result(): { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}
