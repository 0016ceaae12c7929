import { describe, expect, it } from 'vitest';
import { accessRules, audienceState } from './audience';
import { checkVersionFiles, maxFilesPerVersion, refusedFileName } from './version-files';

const file = (name: string, content = 'x') => new File([content], name);

describe('checkVersionFiles', () => {
  it('flags empty files, names used before (case aside) and files over the limit, counting only the files that may go', () => {
    const files = [file('a.bin'), file('empty.txt', ''), file('A.BIN'), ...Array.from({ length: maxFilesPerVersion }, (_, index) => file(`f${index}.bin`))];
    const problems = checkVersionFiles(files).map((chosen) => chosen.problem);
    expect(problems.slice(0, 3)).toEqual([null, 'empty', 'duplicate']);
    expect(problems.filter((problem) => problem === null)).toHaveLength(maxFilesPerVersion);
    expect(problems.at(-1)).toBe('tooMany');
  });
});

describe('refusedFileName', () => {
  it('finds the file a refusal names, preferring the longest name', () => {
    const files = [file('a.bin'), file('data.bin')];
    expect(refusedFileName('data.bin: the content does not match .bin', files)).toBe('data.bin');
    expect(refusedFileName('The metadata has invalid fields.', files)).toBeNull();
  });
});

describe('audience', () => {
  it('turns the form’s choice into access rules, none for everyone', () => {
    expect(accessRules({ audience: 'everyone', roles: ['partner'], accounts: ['ACME'] })).toEqual([]);
    expect(accessRules({ audience: 'restricted', roles: ['partner'], accounts: [' ACME ', ''] })).toEqual([
      { kind: 'role', value: 'partner' },
      { kind: 'account', value: 'ACME' },
    ]);
  });

  it('reads a restricted audience without rules as withdrawn (staff only)', () => {
    expect(audienceState({ audience: 'restricted', access: [] })).toBe('staffOnly');
    expect(audienceState({ audience: 'restricted', access: [{ kind: 'role', value: 'partner', expiresAt: null }] })).toBe('restricted');
    expect(audienceState({ audience: 'everyone', access: [] })).toBe('everyone');
  });
});
