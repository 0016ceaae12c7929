import { describe, expect, it } from 'vitest';
import { viewerTypeOf, type ViewerType } from './viewer-type';

// The extension lists of spec §2, written out here so that a change to the shared lists fails a test.
const expected: Record<Exclude<ViewerType, 'other'>, string[]> = {
  pdf: ['pdf'],
  docs: ['doc', 'docx', 'odp', 'ods', 'odt', 'pot', 'potm', 'pps', 'ppsx', 'ppsxm', 'ppt', 'pptx', 'rtf', 'xls', 'xlsx'],
  video: ['flv', 'mxf', 'gxf', 'avi', 'mp4', 'm4a', 'm4v', 'wav', 'mkv', 'mov'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'svg'],
  model: ['stp', 'step', 'igs', 'iges', 'brep', 'brp', 'stl'],
};
const cases = Object.entries(expected).flatMap(([type, extensions]) => extensions.map((extension) => [extension, type] as const));

describe('viewerTypeOf', () => {
  it.each(cases)('shows a .%s file as %s', (extension, type) => {
    expect(viewerTypeOf(`manual.${extension}`)).toBe(type);
  });

  it.each(cases)('ignores the case of .%s', (extension, type) => {
    expect(viewerTypeOf(`MANUAL.${extension.toUpperCase()}`)).toBe(type);
    expect(viewerTypeOf(`Manual.${extension[0].toUpperCase()}${extension.slice(1)}`)).toBe(type);
  });

  it.each(['', 'README', 'archive.zip', 'drawing.dwg', 'notes.txt', 'page.html', 'pdf', 'manual.pdf.bak', 'file.', '.pdfx'])(
    'shows %j with the no-preview banner',
    (fileName) => {
      expect(viewerTypeOf(fileName)).toBe('other');
    },
  );

  it('decides by the last suffix only', () => {
    expect(viewerTypeOf('report.docx.pdf')).toBe('pdf');
    expect(viewerTypeOf('clip.pdf.mp4')).toBe('video');
    expect(viewerTypeOf('v1.2 photo.final.PNG')).toBe('image');
  });

  it('takes a dot-file name as its extension', () => {
    expect(viewerTypeOf('.pdf')).toBe('pdf');
  });
});
