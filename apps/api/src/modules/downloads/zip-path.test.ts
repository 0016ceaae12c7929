import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { traversalCorpus } from '../../test/zip-path-corpus.ts';
import { splitZipPath } from './zip-path.ts';

/** The value the server sees: the query string decoded once. */
const decodedOnce = (raw: string) => parse(`filePath=${raw}`).filePath;

describe('splitZipPath', () => {
  it('accepts well-formed content paths', () => {
    expect(splitZipPath('documents/D28092504')).toEqual(['documents', 'D28092504']);
    expect(splitZipPath('documents/D1/2.1')).toEqual(['documents', 'D1', '2.1']);
    expect(splitZipPath('software/RC-7_firmware/4.2.0-beta')).toEqual(['software', 'RC-7_firmware', '4.2.0-beta']);
    expect(splitZipPath('cad/R100/floor,900mm,ISO50')).toEqual(['cad', 'R100', 'floor,900mm,ISO50']);
  });

  it(`refuses all ${traversalCorpus.length} entries of the traversal corpus with 400 invalidParameters`, () => {
    expect(traversalCorpus.length).toBeGreaterThanOrEqual(200);
    for (const raw of traversalCorpus) {
      const value = decodedOnce(raw);
      expect(() => splitZipPath(value), `${raw} → ${JSON.stringify(value)}`).toThrow(
        expect.objectContaining({ statusCode: 400, code: 'invalidParameters' }),
      );
    }
  });

  it('refuses non-strings', () => {
    for (const value of [undefined, null, 42, ['documents/OPEN1'], { path: 'documents/OPEN1' }]) {
      expect(() => splitZipPath(value)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });
});
