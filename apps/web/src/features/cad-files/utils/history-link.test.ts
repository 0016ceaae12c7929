import { describe, expect, it } from 'vitest';
import type { CadCatalogueResponse } from '@portal/contracts/cad';
import { historyItemPath, parseCadHistoryRef } from './history-link';

const scara4 = { code: 'SCARA4', name: 'S-4', description: '', revision: 'A', optionGroups: [], exclusions: [] };
const catalogue: CadCatalogueResponse = { families: [{ code: 'scara', name: 'SCARA', description: '', models: [scara4] }] };

describe('historyItemPath', () => {
  it('links each kind to its page, and nothing for an item that is gone', () => {
    expect(historyItemPath({ kind: 'document', itemRef: 'D1001' }, catalogue)).toBe('/DocumentLink/D1001');
    expect(historyItemPath({ kind: 'software', itemRef: 'GRIP20-Config' }, catalogue)).toBe('/software/GRIP20-Config');
    expect(historyItemPath({ kind: 'cad', itemRef: 'SCARA4' }, catalogue)).toBe('/cadFiles/robotConfigurator?model=SCARA4');
    expect(historyItemPath({ kind: 'cad', itemRef: 'lib 1' }, catalogue)).toBe('/cadFiles/partnersLibraries#lib%201');
    expect(historyItemPath({ kind: 'software', itemRef: null }, catalogue)).toBeNull();
    expect(historyItemPath({ kind: 'cad', itemRef: 'SCARA4' }, undefined)).toBeNull();
    expect(historyItemPath({ kind: 'software', itemRef: 'CTRL7' }, undefined)).toBe('/software/CTRL7');
    expect(historyItemPath({ kind: 'unit', itemRef: 'ARM6-2025-00017' }, undefined)).toBe('/units/ARM6-2025-00017');
  });

  it('reopens a CAD set in the configurator with its options and format', () => {
    expect(historyItemPath({ kind: 'cad', itemRef: 'SCARA4/floor,arm-400' }, catalogue)).toBe('/cadFiles/robotConfigurator?model=SCARA4&options=floor,arm-400');
    expect(historyItemPath({ kind: 'cad', itemRef: 'SCARA4/floor,arm-400/step' }, catalogue)).toBe(
      '/cadFiles/robotConfigurator?model=SCARA4&options=floor,arm-400&format=step',
    );
    // A set of a model the catalogue no longer holds is not a library.
    expect(historyItemPath({ kind: 'cad', itemRef: 'GONE1/floor' }, catalogue)).toBeNull();
  });
});

describe('parseCadHistoryRef', () => {
  it('tells models, sets and libraries apart by the catalogue', () => {
    expect(parseCadHistoryRef('SCARA4/floor', catalogue)).toEqual({ type: 'model', model: scara4, options: ['floor'], format: null });
    expect(parseCadHistoryRef('lib-1', catalogue)).toEqual({ type: 'library', libraryId: 'lib-1' });
    expect(parseCadHistoryRef('SCARA4', undefined)).toBeNull();
  });
});
