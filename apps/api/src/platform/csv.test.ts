import { describe, expect, it } from 'vitest';
import { csvCell, defuseFormulas } from './csv.ts';

describe('csvCell', () => {
  it('defuses a formula start at the beginning of the cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(defuseFormulas(`${start}1+1`)).toBe(`'${start}1+1`);
  });

  it('defuses a formula start after every , ; or line break, so a spreadsheet splitting on ; runs nothing', () => {
    expect(defuseFormulas('x;=2+5')).toBe("x;'=2+5");
    expect(defuseFormulas('x,+2;-3')).toBe("x,'+2;'-3");
    expect(defuseFormulas('Mozilla; @SUM(A1)')).toBe("Mozilla; '@SUM(A1)");
    expect(defuseFormulas('a;"=cmd|calc"')).toBe(`a;"'=cmd|calc"`);
    expect(defuseFormulas('a\n=1')).toBe("a\n'=1");
    expect(defuseFormulas('a;\t=1')).toBe("a;'\t=1");
    expect(defuseFormulas('a\r=1')).toBe("a\r'=1");
    expect(defuseFormulas('\r=1')).toBe("'\r'=1");
  });

  it('leaves formula characters inside text alone', () => {
    expect(defuseFormulas('R100-0001 a=b x@y.example')).toBe('R100-0001 a=b x@y.example');
  });

  it('quotes cells holding quotes, separators or line breaks (RFC 4180), or every cell when asked', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('say "hi", x;=1')).toBe(`"say ""hi"", x;'=1"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('plain', 'always')).toBe('"plain"');
  });

  it('takes linear time on long adversarial text', () => {
    const text = `${';'.repeat(200_000)}${' '.repeat(200_000)}=`;
    const started = performance.now();
    expect(defuseFormulas(text).endsWith("'=")).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
