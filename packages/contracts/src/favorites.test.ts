import { describe, expect, it } from 'vitest';
import { cadFavoriteIdPattern, cadSetCode, parseCadSetCode } from './favorites.ts';

describe('CAD set favourites', () => {
  it('name a model and its options, and read back the same selection', () => {
    const code = cadSetCode({ model: 'ARM6', options: ['floor', 'arm-900', 'flange-iso50'] });
    expect(code).toBe('ARM6:floor,arm-900,flange-iso50');
    expect(parseCadSetCode(code)).toEqual({ model: 'ARM6', options: ['floor', 'arm-900', 'flange-iso50'] });
    expect(parseCadSetCode(cadSetCode({ model: 'S4', options: [] }))).toEqual({ model: 'S4', options: [] });
    expect(cadFavoriteIdPattern.exec(`set:${code}`)?.slice(1)).toEqual(['set', code]);
  });

  it('read nothing from a code that is not <model>:<options>', () => {
    for (const code of ['ARM6', 'ARM6:a:b', ':floor', 'A,B:floor']) expect(parseCadSetCode(code), code).toBeNull();
  });
});
