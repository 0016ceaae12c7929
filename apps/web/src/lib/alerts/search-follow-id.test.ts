import { describe, expect, it } from 'vitest';
import { searchFollowId } from './search-follow-id';

describe('searchFollowId', () => {
  it('writes the search as the API stores it: words lower case and sorted, filter values sorted and comma-joined', () => {
    expect(searchFollowId({ q: '  Torque   ARM6 torque ', type: ['manual'], product: ['SCARA4', 'ARM6', 'ARM6'], language: [] })).toBe(
      'q=arm6+torque&type=manual&product=ARM6%2CSCARA4',
    );
  });

  it('answers null for a search that names nothing to look for', () => {
    expect(searchFollowId({ q: '   ', type: [], product: [], language: [] })).toBeNull();
  });
});
