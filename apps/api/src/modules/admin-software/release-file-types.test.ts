import { describe, expect, it } from 'vitest';
import { checkReleaseFileType } from './release-file-types.ts';

const head = (text: string) => Buffer.from(text, 'utf8');

describe('the files of software and library versions', () => {
  it('accepts installers and archives whose content matches their extension', () => {
    expect(checkReleaseFileType('exe', 'exe', head('MZ'))).toEqual({ ok: true, mediaType: 'application/vnd.microsoft.portable-executable' });
    expect(checkReleaseFileType('msi', 'cfb', head(''))).toMatchObject({ ok: true });
    expect(checkReleaseFileType('zip', 'zip', head('PK'))).toEqual({ ok: true, mediaType: 'application/zip' });
    expect(checkReleaseFileType('exe', 'zip', head('PK'))).toEqual({ ok: false, reason: "The file's content (zip) does not match its extension .exe." });
    expect(checkReleaseFileType('exe', undefined, head('hello'))).toMatchObject({ ok: false });
  });

  it('accepts firmware and native CAD files file-type does not know, unless their content is something else', () => {
    expect(checkReleaseFileType('bin', undefined, Buffer.from([0x7f, 0x00, 0xff]))).toEqual({ ok: true, mediaType: 'application/octet-stream' });
    expect(checkReleaseFileType('bin', 'exe', head('MZ'))).toMatchObject({ ok: false });
    expect(checkReleaseFileType('sldprt', 'cfb', head(''))).toMatchObject({ ok: true });
    expect(checkReleaseFileType('ipt', 'png', head(''))).toMatchObject({ ok: false });
  });

  it('takes text only as UTF-8 without NUL (a character cut at the end of the sniffed bytes is fine)', () => {
    expect(checkReleaseFileType('txt', undefined, head('Flash with the PC tool. Größe'))).toEqual({ ok: true, mediaType: 'text/plain' });
    expect(checkReleaseFileType('txt', undefined, head('Gr\u00f6').subarray(0, 3))).toMatchObject({ ok: true });
    expect(checkReleaseFileType('txt', undefined, Buffer.from([0x41, 0x00, 0x42]))).toMatchObject({ ok: false });
    expect(checkReleaseFileType('txt', undefined, Buffer.from([0x41, 0xff, 0x42]))).toMatchObject({ ok: false });
  });

  it('checks the document types as document uploads are, and refuses unknown extensions', () => {
    expect(checkReleaseFileType('stp', undefined, head('ISO-10303-21;\n'))).toEqual({ ok: true, mediaType: 'model/step' });
    expect(checkReleaseFileType('pdf', 'pdf', head('%PDF-1.7'))).toEqual({ ok: true, mediaType: 'application/pdf' });
    expect(checkReleaseFileType('js', undefined, head('alert(1)'))).toEqual({ ok: false, reason: 'Files of type .js are not accepted.' });
    expect(checkReleaseFileType('', undefined, head('x'))).toMatchObject({ ok: false });
  });
});
