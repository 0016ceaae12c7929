import { describe, expect, it, vi } from 'vitest';
import { groupedBy, rowsForIds, versionsWithFiles } from './grouping.ts';

describe('grouping rows', () => {
  it('groups rows by a key, keeping their order within each group', () => {
    const rows = [{ key: 'b', n: 1 }, { key: 'a', n: 2 }, { key: 'b', n: 3 }];
    expect([...groupedBy(rows, (row) => row.key)]).toEqual([['b', [rows[0], rows[2]]], ['a', [rows[1]]]]);
  });

  it('asks no query for no ids, and the query otherwise', async () => {
    const query = vi.fn(async (ids: readonly string[]) => ids.map((id) => ({ id })));
    expect(await rowsForIds([], query)).toEqual([]);
    expect(query).not.toHaveBeenCalled();
    expect(await rowsForIds(['v1'], query)).toEqual([{ id: 'v1' }]);
  });

  it('gives each version its own files in their order, and none to a version without files', () => {
    const files = [{ versionId: 'v2', name: 'b' }, { versionId: 'v1', name: 'a' }, { versionId: 'v2', name: 'c' }];
    expect(versionsWithFiles([{ id: 'v1' }, { id: 'v2' }, { id: 'v3' }], files)).toEqual([
      { id: 'v1', files: [files[1]] },
      { id: 'v2', files: [files[0], files[2]] },
      { id: 'v3', files: [] },
    ]);
  });
});
