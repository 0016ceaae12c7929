import { describe, expect, it } from 'vitest';
import type { CadCatalogueResponse } from '@portal/contracts/cad';
import { historyItemPath } from './history-link';

const catalogue: CadCatalogueResponse = {
  families: [{ code: 'scara', name: 'SCARA', description: '', models: [{ code: 'SCARA4', name: 'S-4', description: '', revision: 'A', optionGroups: [], exclusions: [] }] }],
};

describe('historyItemPath', () => {
  it('links each kind to its page, and nothing for an item that is gone', () => {
    expect(historyItemPath({ kind: 'document', itemRef: 'D1001' }, catalogue)).toBe('/DocumentLink/D1001');
    expect(historyItemPath({ kind: 'software', itemRef: 'GRIP20-Config' }, catalogue)).toBe('/software/GRIP20-Config');
    expect(historyItemPath({ kind: 'cad', itemRef: 'SCARA4' }, catalogue)).toBe('/cadFiles/robotConfigurator?model=SCARA4');
    expect(historyItemPath({ kind: 'cad', itemRef: 'lib 1' }, catalogue)).toBe('/cadFiles/partnersLibraries#lib%201');
    expect(historyItemPath({ kind: 'software', itemRef: null }, catalogue)).toBeNull();
    expect(historyItemPath({ kind: 'cad', itemRef: 'SCARA4' }, undefined)).toBeNull();
    expect(historyItemPath({ kind: 'software', itemRef: 'CTRL7' }, undefined)).toBe('/software/CTRL7');
  });
});
