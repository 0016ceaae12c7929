import { describe, expect, it } from 'vitest';
import { parseRowids } from './catalog-search.repository.ts';

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
