import { describe, expect, it } from 'vitest';
import { nextPageNumber, parsePageNumber, previousPageNumber } from './page-navigation';

describe('PDF page navigation', () => {
  it('moves to the next page', () => {
    expect(nextPageNumber(1, 300)).toBe(2);
    expect(nextPageNumber(299, 300)).toBe(300);
  });

  it('wraps from the last page to the first (spec §2)', () => {
    expect(nextPageNumber(300, 300)).toBe(1);
    expect(nextPageNumber(1, 1)).toBe(1);
  });

  it('stays on a valid page when the count is not known yet', () => {
    expect(nextPageNumber(1, 0)).toBe(1);
  });

  it('stops the previous button at the first page', () => {
    expect(previousPageNumber(2)).toBe(1);
    expect(previousPageNumber(1)).toBe(1);
  });

  it('accepts only typed numbers of existing pages', () => {
    expect(parsePageNumber('7', 10)).toBe(7);
    expect(parsePageNumber(' 10 ', 10)).toBe(10);
    for (const input of ['0', '11', '', 'abc', '2.5', '-1', '1e1']) expect(parsePageNumber(input, 10)).toBeNull();
  });
});
