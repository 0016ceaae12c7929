import { describe, expect, it } from 'vitest';
import { changeSoftwareListState, parseSoftwareListState, toSoftwareListParams } from './software-list-state';

describe('software list state in the URL', () => {
  it('reads text, category and page, falling back to defaults for anything malformed', () => {
    expect(parseSoftwareListState(new URLSearchParams('q=firm&category=pc-tool&page=3'))).toEqual({ q: 'firm', category: 'pc-tool', page: 3 });
    expect(parseSoftwareListState(new URLSearchParams('category=%20&page=-2'))).toEqual({ q: '', category: null, page: 1 });
    expect(parseSoftwareListState(new URLSearchParams('page=1.5'))).toEqual({ q: '', category: null, page: 1 });
  });

  it('writes only what differs from the defaults and reads back the same state', () => {
    expect(toSoftwareListParams({ q: ' ', category: null, page: 1 }).toString()).toBe('');
    const state = { q: 'C7 firmware', category: 'firmware', page: 2 };
    expect(parseSoftwareListState(toSoftwareListParams(state))).toEqual(state);
  });

  it('goes back to the first page when the text or the category changes, not when the page does', () => {
    const state = { q: 'arm', category: null, page: 4 };
    expect(changeSoftwareListState(state, { category: 'add-on' })).toEqual({ q: 'arm', category: 'add-on', page: 1 });
    expect(changeSoftwareListState(state, { q: 'c9' }).page).toBe(1);
    expect(changeSoftwareListState(state, { page: 5 })).toEqual({ q: 'arm', category: null, page: 5 });
  });
});
