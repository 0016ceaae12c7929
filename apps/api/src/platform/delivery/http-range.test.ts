import { describe, expect, it } from 'vitest';
import { contentDisposition, noneMatch, parseRange, rangeStillValid } from './http-range.ts';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'partial', range: { start: 100, end: 999 } }],
    ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=990-5000', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=999-999', { kind: 'partial', range: { start: 999, end: 999 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('conditional headers', () => {
  it('matches If-None-Match lists, weak tags and *', () => {
    expect(noneMatch('"abc"', '"abc"')).toBe(true);
    expect(noneMatch('"x", W/"abc"', '"abc"')).toBe(true);
    expect(noneMatch('*', '"abc"')).toBe(true);
    expect(noneMatch('"abd"', '"abc"')).toBe(false);
    expect(noneMatch(undefined, '"abc"')).toBe(false);
  });

  it('honours a range under If-Range only for the same strong tag', () => {
    expect(rangeStillValid(undefined, '"abc"')).toBe(true);
    expect(rangeStillValid('"abc"', '"abc"')).toBe(true);
    expect(rangeStillValid('W/"abc"', '"abc"')).toBe(false);
    expect(rangeStillValid('Wed, 21 Oct 2015 07:28:00 GMT', '"abc"')).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Überblick "v2" (50%).pdf')).toBe(
      `attachment; filename="_berblick _v2_ (50_).pdf"; filename*=UTF-8''%C3%9Cberblick%20%22v2%22%20%2850%25%29.pdf`,
    );
    expect(contentDisposition('inline', 'a.pdf')).toBe(`inline; filename="a.pdf"; filename*=UTF-8''a.pdf`);
  });
});
