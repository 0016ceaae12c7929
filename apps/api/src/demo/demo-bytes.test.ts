import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { demoBytes } from './demo-bytes.ts';

describe('demoBytes', () => {
  it('gives exactly the size asked, header first, the same bytes for the same seed', async () => {
    const first = await buffer(demoBytes('fw-4.2', 200_000, 'RC8 FIRMWARE 4.2\n'));
    const again = await buffer(demoBytes('fw-4.2', 200_000, 'RC8 FIRMWARE 4.2\n'));
    const other = await buffer(demoBytes('fw-4.3', 200_000, 'RC8 FIRMWARE 4.2\n'));
    expect(first.length).toBe(200_000);
    expect(first.subarray(0, 17).toString()).toBe('RC8 FIRMWARE 4.2\n');
    expect(first.equals(again)).toBe(true);
    expect(first.subarray(17).equals(other.subarray(17))).toBe(false);
    // Looks random: no byte value dominates.
    const counts = new Array<number>(256).fill(0);
    for (const byte of first.subarray(17)) counts[byte]! += 1;
    expect(Math.max(...counts)).toBeLessThan(200_000 / 256 * 1.5);
    expect(createHash('sha256').update(first).digest('hex')).not.toBe(createHash('sha256').update(other).digest('hex'));
  });

  it('handles sizes below the header and zero', async () => {
    expect((await buffer(demoBytes('s', 3, 'HEADER'))).toString()).toBe('HEA');
    expect((await buffer(demoBytes('s', 0))).length).toBe(0);
  });
});
