import { describe, expect, it } from 'vitest';
import type { CadCatalogueResponse, CadModel } from '@portal/contracts/cad';
import { choose, configuratorSteps, exclusionOf, firstOpenStep, parseSelection, resolveSelection, selectionClashes, toSelectionParams } from './configurator-state';

const arm6: CadModel = {
  code: 'ARM6',
  name: 'Six-axis robot ARM-6',
  description: '',
  revision: 'C',
  optionGroups: [
    { code: 'mounting', label: 'Mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'wall', label: 'Wall' }] },
    { code: 'armLength', label: 'Arm length', values: [{ code: 'arm-900', label: '900 mm' }, { code: 'arm-1200', label: '1200 mm' }] },
  ],
  exclusions: [{ values: ['wall', 'arm-1200'], reason: 'too heavy for the wall bracket.' }],
};
const scara: CadModel = { ...arm6, code: 'SCARA4', optionGroups: [], exclusions: [] };
const catalogue: CadCatalogueResponse = {
  families: [
    { code: 'articulated', name: 'Articulated', description: '', models: [arm6] },
    { code: 'scara', name: 'SCARA', description: '', models: [scara] },
  ],
};

const resolve = (query: string) => resolveSelection(catalogue, parseSelection(new URLSearchParams(query)));

describe('configurator state', () => {
  it('finds the family from the model and drops codes the model does not have', () => {
    const resolved = resolve('family=scara&model=ARM6&options=arm-900,bogus,floor&format=iges');
    expect(resolved.family?.code).toBe('articulated');
    expect(resolved.model?.code).toBe('ARM6');
    expect([...resolved.chosen]).toEqual([['mounting', 'floor'], ['armLength', 'arm-900']]);
    expect(parseSelection(new URLSearchParams('format=dwg')).format).toBeNull();
  });

  it('opens the first step still waiting for a choice, then the results', () => {
    expect(firstOpenStep(resolve(''))).toBe(0);
    expect(firstOpenStep(resolve('family=nope'))).toBe(0);
    expect(firstOpenStep(resolve('family=articulated'))).toBe(1);
    expect(firstOpenStep(resolve('model=ARM6'))).toBe(2);
    expect(firstOpenStep(resolve('model=ARM6&options=arm-900'))).toBe(2);
    expect(firstOpenStep(resolve('model=ARM6&options=floor'))).toBe(3);
    const done = resolve('model=ARM6&options=floor,arm-900');
    expect(firstOpenStep(done)).toBe(4);
    expect(configuratorSteps(done.model)[4]).toEqual({ kind: 'results' });
    expect(configuratorSteps(null).map((step) => step.kind)).toEqual(['family', 'model', 'results']);
  });

  it('starts later steps afresh on a new family or model, and keeps group order for options', () => {
    const done = resolve('model=ARM6&options=floor,arm-900&format=step');
    expect(choose(done, { kind: 'family' }, 'scara')).toEqual({ family: 'scara', model: null, options: [], format: null });
    expect(choose(done, { kind: 'model' }, 'ARM6')).toEqual({ family: 'articulated', model: 'ARM6', options: [], format: null });
    const armLength = arm6.optionGroups[1]!;
    const mounting = arm6.optionGroups[0]!;
    expect(choose(resolve('model=ARM6'), { kind: 'option', group: armLength }, 'arm-1200').options).toEqual(['arm-1200']);
    expect(choose(resolve('model=ARM6&options=arm-1200'), { kind: 'option', group: mounting }, 'floor').options).toEqual(['floor', 'arm-1200']);
    expect(choose(done, { kind: 'option', group: mounting }, 'wall').options).toEqual(['wall', 'arm-900']);
  });

  it('round-trips through the URL, writing the family only while no model is chosen', () => {
    expect(toSelectionParams({ family: 'scara', model: null, options: [], format: null }).toString()).toBe('family=scara');
    const selection = { family: 'articulated', model: 'ARM6', options: ['floor', 'arm-900'], format: 'step' as const };
    expect(toSelectionParams(selection).toString()).toBe('model=ARM6&options=floor%2Carm-900&format=step');
    expect(parseSelection(toSelectionParams(selection))).toEqual({ ...selection, family: null });
  });

  it('names the chosen value a value clashes with, and why, in either direction', () => {
    const wall = resolve('model=ARM6&options=wall').chosen;
    expect(exclusionOf(arm6, wall, 'armLength', 'arm-1200')).toEqual({ value: 'arm-1200', other: 'wall', reason: 'too heavy for the wall bracket.' });
    expect(exclusionOf(arm6, wall, 'armLength', 'arm-900')).toBeNull();
    const long = resolve('model=ARM6&options=arm-1200').chosen;
    expect(exclusionOf(arm6, long, 'mounting', 'wall')).toEqual({ value: 'wall', other: 'arm-1200', reason: 'too heavy for the wall bracket.' });
    // Changing the group that holds the clashing value itself is always allowed.
    expect(exclusionOf(arm6, resolve('model=ARM6&options=wall,arm-1200').chosen, 'mounting', 'floor')).toBeNull();
  });

  it('lists the excluded pairs a whole selection holds', () => {
    expect(selectionClashes(arm6, ['wall', 'arm-1200'])).toEqual([
      { value: 'wall', other: 'arm-1200', reason: 'too heavy for the wall bracket.' },
    ]);
    expect(selectionClashes(arm6, resolve('model=ARM6&options=floor,arm-1200').chosen.values())).toEqual([]);
  });
});
