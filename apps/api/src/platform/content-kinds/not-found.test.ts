import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@portal/contracts/errors';
import {
  cadLibraryNotFound,
  cadLibraryVersionNotFound,
  documentNotFound,
  documentVersionNotFound,
  releaseNotesNotFound,
  softwareItemNotFound,
  softwareVersionNotFound,
  unitNotFound,
} from './not-found.ts';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the not-found errors of the content kinds', () => {
  it('answer 404 with a code the contracts list (or the units’ own), whatever the variant', () => {
    const errors = [
      documentNotFound(),
      documentNotFound(['a']),
      documentVersionNotFound(),
      documentVersionNotFound('unpublished'),
      documentVersionNotFound('undownloadable'),
      releaseNotesNotFound(),
      softwareItemNotFound(),
      softwareItemNotFound('equipment'),
      softwareItemNotFound('follow'),
      softwareVersionNotFound(),
      softwareVersionNotFound('portal'),
      cadLibraryNotFound(),
      cadLibraryNotFound('portal'),
      cadLibraryVersionNotFound(),
    ];
    for (const error of errors) {
      expect(error.statusCode, error.message).toBe(404);
      expect(errorCodes, error.message).toContain(error.code);
    }
    expect(unitNotFound()).toMatchObject({ statusCode: 404, code: 'unitNotFound' });
  });

  it('name at most ten missing documents', () => {
    expect(documentNotFound().message).toBe('The document does not exist.');
    const ids = Array.from({ length: 12 }, (_, index) => `d${index}`);
    expect(documentNotFound(ids).message).toBe(`No document has the id ${ids.slice(0, 10).join(', ')}.`);
  });

  it('are declared here only: no other file builds a document, version or unit 404 of its own', () => {
    const own = /notFound\(\s*'(documentNotFound|versionNotFound|unitNotFound)'/;
    const elsewhere = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => join(srcDir, name))
      .filter((file) => !file.endsWith(join('content-kinds', 'not-found.ts')) && own.test(readFileSync(file, 'utf8')))
      .map((file) => relative(srcDir, file));
    expect(elsewhere).toEqual([]);
  });
});
