import { describe, expect, it } from 'vitest';
import { bigEndianInt32s, parseRowids } from './catalog-search.repository.ts';

describe('parseRowids', () => {
  it('reads the comma-separated rowids of group_concat', () => {
    expect(Array.from(parseRowids('1,20,300,4000000'))).toEqual([1, 20, 300, 4000000]);
    expect(Array.from(parseRowids('7'))).toEqual([7]);
  });

  it('reads no rowids from SQL NULL or an empty string', () => {
    expect(parseRowids(null)).toHaveLength(0);
    expect(parseRowids('')).toHaveLength(0);
  });
});

describe('bigEndianInt32s', () => {
  it('reads the four-byte rowids of PostgreSQL\'s int4send, from any offset of a larger buffer', () => {
    const whole = Buffer.from([9, 0, 0, 0, 1, 0, 0, 1, 44, 0x7f, 0xff, 0xff, 0xff]);
    expect(Array.from(bigEndianInt32s(whole.subarray(1)))).toEqual([1, 300, 0x7fffffff]);
    expect(bigEndianInt32s(null)).toHaveLength(0);
  });
});
