import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCatalogue } from './catalogue-check.ts';
import { recordsFromCsv, recordsFromJson } from './catalogue-records.ts';

const guide = readFileSync(fileURLToPath(new URL('../../../../../docs/publishing.md', import.meta.url)), 'utf8');
const block = (language: string) => {
  const start = guide.indexOf(`\`\`\`${language}\n`) + language.length + 4;
  return guide.slice(start, guide.indexOf('```', start));
};

describe('the catalogue formats of docs/publishing.md', () => {
  it('reads the JSON and the CSV examples into the same valid catalogue', () => {
    const json = checkCatalogue(recordsFromJson(JSON.parse(block('json'))));
    const csv = checkCatalogue(recordsFromCsv(block('csv')));
    expect(json).toMatchObject({ ok: true });
    expect(csv).toEqual(json);
  });

  it('reports a problem in a CSV field holding a quote or line break at its row', () => {
    const text = 'kind,family,name\nfamily,"sca\nra","SCARA ""robots"""\n';
    expect(checkCatalogue(recordsFromCsv(text))).toEqual({
      ok: false,
      problems: [
        { path: 'row 2 (family)', message: 'is not a code (letters, digits, . _ -, at most 40)' },
      ],
    });
  });

  it('reports a CSV it cannot read, and a header without a kind column', () => {
    expect(checkCatalogue(recordsFromCsv('kind,family\nfamily,"open'))).toMatchObject({ ok: false, problems: [{ path: '(file)' }] });
    expect(checkCatalogue(recordsFromCsv('family,name\nscara,SCARA'))).toEqual({ ok: false, problems: [{ path: 'row 1 (header)', message: 'has no kind column' }] });
  });
});
