import { describe, expect, it } from 'vitest';
import { changeResourcesState, parseResourcesState, toResourcesSearchParams, toSearchParams, type ResourcesState } from './resources-url-state';

const full: ResourcesState = {
  q: 'torque sensor',
  type: ['manual', 'datasheet'],
  product: ['R100'],
  language: ['fr'],
  sort: 'newest',
  page: 3,
};

describe('resources URL state', () => {
  it('survives a round trip through the address bar', () => {
    const query = toResourcesSearchParams(full).toString();
    expect(query).toBe('q=torque+sensor&type=manual&type=datasheet&product=R100&language=fr&sort=newest&page=3');
    expect(parseResourcesState(new URLSearchParams(query))).toEqual(full);
  });

  it('leaves defaults out of the URL and reads an empty URL as the defaults', () => {
    const empty: ResourcesState = { q: '', type: [], product: [], language: [], sort: undefined, page: 1 };
    expect(toResourcesSearchParams(empty).toString()).toBe('');
    expect(parseResourcesState(new URLSearchParams())).toEqual(empty);
    expect(toResourcesSearchParams({ ...empty, q: '   ' }).toString()).toBe('');
  });

  it('accepts comma lists and repeated values, ignores duplicates, unknown sorts and bad pages', () => {
    const state = parseResourcesState(new URLSearchParams('type=manual,datasheet&type=manual&sort=random&page=-2'));
    expect(state.type).toEqual(['manual', 'datasheet']);
    expect(state.sort).toBeUndefined();
    expect(state.page).toBe(1);
    expect(parseResourcesState(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseResourcesState(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('goes back to the first page when what is looked for changes, not when the page does', () => {
    expect(changeResourcesState(full, { language: [] })).toMatchObject({ language: [], page: 1, q: 'torque sensor' });
    expect(changeResourcesState(full, { sort: 'title' }).page).toBe(1);
    expect(changeResourcesState(full, { page: 4 })).toEqual({ ...full, page: 4 });
  });

  it('asks the server for 24 results a page with the text trimmed', () => {
    expect(toSearchParams({ ...full, q: ' torque ' })).toMatchObject({ q: 'torque', pageSize: 24, page: 3 });
  });
});
