import { describe, expect, it } from 'vitest';
import { checkSelection, configurationId, matchingFiles, parseOptionList, type OptionGroup } from './cad-configuration.ts';

const groups: OptionGroup[] = [
  { code: 'mounting', label: 'mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }] },
  { code: 'armLength', label: 'arm length', values: [{ code: 'arm-900', label: '900 mm' }, { code: 'arm-1400', label: '1400 mm' }] },
];
const exclusions = [{ valueA: 'ceiling', valueB: 'arm-1400', reason: 'the long arm is too heavy for ceiling mounting.' }];

describe('checkSelection', () => {
  it('accepts one value per group in any order and reports them in group order', () => {
    const result = checkSelection('R1', groups, exclusions, ['arm-900', 'ceiling']);
    expect(result).toEqual({
      ok: true,
      chosen: [
        { group: 'mounting', groupLabel: 'mounting', value: 'ceiling', label: 'Ceiling' },
        { group: 'armLength', groupLabel: 'arm length', value: 'arm-900', label: '900 mm' },
      ],
    });
    if (result.ok) expect(configurationId('R1', result.chosen)).toBe('R1/ceiling,arm-900');
  });

  it('lists every problem: unknown codes, missing and doubled groups', () => {
    const result = checkSelection('R1', groups, exclusions, ['floor', 'ceiling', 'laser']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { path: 'options', message: '"laser" is not an option of R1.' },
      { path: 'options.mounting', message: 'Choose only one mounting, not Floor and Ceiling.' },
      { path: 'options.armLength', message: 'Choose one arm length: 900 mm (arm-900), 1400 mm (arm-1400).' },
    ]);
  });

  it('refuses an excluded pair, naming both options by their labels, with its reason', () => {
    const result = checkSelection('R1', groups, exclusions, ['ceiling', 'arm-1400']);
    expect(result).toEqual({
      ok: false,
      problems: [{ path: 'options', message: 'Ceiling and 1400 mm cannot be combined: the long arm is too heavy for ceiling mounting.' }],
    });
  });
});

describe('matchingFiles', () => {
  it('keeps the files whose required options are all chosen', () => {
    const files = [
      { name: 'base', requiredOptions: '[]' },
      { name: 'floor plate', requiredOptions: '["floor"]' },
      { name: 'ceiling bracket', requiredOptions: '["ceiling"]' },
      { name: 'long arm on floor', requiredOptions: '["floor","arm-1400"]' },
    ];
    const chosen = checkSelection('R1', groups, [], parseOptionList(' floor , arm-1400,')) as { ok: true; chosen: never[] };
    expect(matchingFiles(files, chosen.chosen).map((file) => file.name)).toEqual(['base', 'floor plate', 'long arm on floor']);
  });
});
