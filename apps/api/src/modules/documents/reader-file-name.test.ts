import { describe, expect, it } from 'vitest';
import { readerFileName, readerPdfName } from './reader-file-name.ts';

const named = (title: string, uploaded = 'arm6-revD.pdf', serviceRef = 'DOC123') => readerFileName({ title, serviceRef }, uploaded);

describe('readerFileName', () => {
  it('names the file after the title with the uploaded extension, lower-cased', () => {
    expect(named('Operating manual Arm 6')).toBe('Operating manual Arm 6.pdf');
    expect(named('Wiring diagram', 'SCAN_0042.TIFF')).toBe('Wiring diagram.tiff');
    expect(named('Für Ärzte – Übersicht', 'x.Docx')).toBe('Für Ärzte – Übersicht.docx');
  });

  it('falls back on the reference when the title is empty or nothing of it is left, then on a plain word', () => {
    expect(named('')).toBe('DOC123.pdf');
    expect(named('  \u202e\u0007 / : ')).toBe('DOC123.pdf');
    expect(named('', 'a.pdf', '')).toBe('document.pdf');
  });

  it('drops control and bidirectional characters, so the name displays as it is', () => {
    expect(named('invoice\u202Efdp.exe', 'invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(named('Manual\u0000\u001b[31m\u0085\u2066x\u2069\u200f')).toBe('Manual[31mx.pdf');
    expect(named('Line one\r\nLine\ttwo')).toBe('Line one Line two.pdf');
    // A lone surrogate cannot be percent-encoded into a Content-Disposition header; a paired one stays.
    expect(named('A\ud800B\udc00 😀')).toBe('AB 😀.pdf');
    expect(() => encodeURIComponent(named('\udfff\ud83d'))).not.toThrow();
  });

  it('leaves no path separators or other characters file systems refuse, nor leading or trailing dots', () => {
    expect(named('../../etc/passwd')).toBe('etc passwd.pdf');
    expect(named('C:\\Windows\\system32\\evil')).toBe('C Windows system32 evil.pdf');
    expect(named('What? "Quoted" <tag> a|b *star*')).toBe('What Quoted tag a b star.pdf');
    expect(named('...hidden...')).toBe('hidden.pdf');
  });

  it('keeps an extension only when it is 1 to 10 letters or digits', () => {
    expect(named('Readme', 'README')).toBe('Readme');
    expect(named('Notes', 'notes.')).toBe('Notes');
    expect(named('Archive', 'archive.verylongextension')).toBe('Archive');
    expect(named('Spoof', 'spoof.p\u202edf')).toBe('Spoof');
    expect(named('Slash', 'a.b/c')).toBe('Slash');
    expect(named('Model', 'model.step')).toBe('Model.step');
  });

  it('does not repeat an extension the title already ends with', () => {
    expect(named('Datasheet.PDF')).toBe('Datasheet.PDF');
    expect(named('Datasheet.pdf.zip')).toBe('Datasheet.pdf.zip.pdf');
  });

  it('bounds a long title to 120 characters, at a word break where there is one', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const name = named(words);
    expect(name.endsWith('.pdf')).toBe(true);
    const stem = name.slice(0, -4);
    expect(stem.length).toBeLessThanOrEqual(120);
    expect(stem.length).toBeGreaterThan(100);
    expect(words.startsWith(`${stem} `)).toBe(true);
    expect(named('x'.repeat(500))).toBe(`${'x'.repeat(120)}.pdf`);
    // Counted in characters: an emoji (two UTF-16 units) is never cut in half.
    const emoji = named('😀'.repeat(130));
    expect(Array.from(emoji.slice(0, -4))).toEqual(Array(120).fill('😀'));
  });

  it('handles hostile, huge input in linear time', () => {
    const started = performance.now();
    expect(named(`${' \t'.repeat(200_000)}a${'\u202e/'.repeat(200_000)}`)).toBe('a.pdf');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('readerPdfName', () => {
  it('names the PDF rendition of a version after the document', () => {
    expect(readerPdfName({ title: 'Parts list', serviceRef: 'P1' })).toBe('Parts list.pdf');
  });
});
