import { describe, expect, it } from 'vitest';
import {
  changeDocumentsQueryState,
  defaultDocumentsQueryState,
  parseDocumentsQueryState,
  toDocumentsSearchParams,
  toListQuery,
} from './documents-query-state';

const parse = (query: string) => parseDocumentsQueryState(new URLSearchParams(query));

describe('document table query state', () => {
  it('reads every part from the URL and writes it back, leaving out defaults', () => {
    const state = parse('q=arm&type=manual&language=fr&product=R100&audience=restricted&state=unpublished&sort=title&direction=asc&page=3&pageSize=50');
    expect(state).toEqual({ q: 'arm', type: 'manual', language: 'fr', product: 'R100', audience: 'restricted', state: 'unpublished', sort: 'title', direction: 'asc', page: 3, pageSize: 50 });
    expect(parseDocumentsQueryState(toDocumentsSearchParams(state))).toEqual(state);
    expect(toDocumentsSearchParams(defaultDocumentsQueryState).toString()).toBe('');
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(parse('sort=size&direction=up&page=-2&pageSize=500&state=draft&audience=x&type=%20')).toEqual(defaultDocumentsQueryState);
    expect(parse('page=2.5').page).toBe(1);
  });

  it('starts again at the first page when the search, a filter, the sort or the page size changes, not when the page does', () => {
    const onPage4 = { ...defaultDocumentsQueryState, page: 4 };
    expect(changeDocumentsQueryState(onPage4, { q: 'gripper' }).page).toBe(1);
    expect(changeDocumentsQueryState(onPage4, { type: 'manual' }).page).toBe(1);
    expect(changeDocumentsQueryState(onPage4, { sort: 'type', direction: 'asc' }).page).toBe(1);
    expect(changeDocumentsQueryState(onPage4, { pageSize: 100 }).page).toBe(1);
    expect(changeDocumentsQueryState(onPage4, { page: 5 }).page).toBe(5);
  });

  it('asks the API for the page with only the filters that are set', () => {
    expect(toListQuery({ ...defaultDocumentsQueryState, q: '  arm ', state: 'published' })).toEqual({ q: 'arm', state: 'published', sort: 'updatedAt', direction: 'desc', page: 1, pageSize: 25 });
    expect(toListQuery({ ...defaultDocumentsQueryState, q: '   ' })).not.toHaveProperty('q');
  });
});
