import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';

const chunkSize = 64 * 1024;

/**
 * `size` bytes that look random but are the same for the same seed (an AES-128-CTR key stream),
 * starting with `header`. Generated chunk by chunk as the reader asks, so gigabytes cost no memory.
 */
export function demoBytes(seed: string, size: number, header = ''): Readable {
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-128-ctr', key.subarray(0, 16), key.subarray(16, 32));
  const zeros = Buffer.alloc(chunkSize);
  let prefix = Buffer.from(header, 'utf8').subarray(0, size);
  let left = size;
  return new Readable({
    read() {
      if (left === 0) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkSize, left);
      let chunk = cipher.update(zeros.subarray(0, length));
      if (prefix.length > 0) {
        const taken = prefix.subarray(0, length);
        chunk = Buffer.concat([taken, chunk.subarray(taken.length)]);
        prefix = prefix.subarray(taken.length);
      }
      left -= length;
      this.push(chunk);
    },
  });
}
