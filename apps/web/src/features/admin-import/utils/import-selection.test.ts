import { describe, expect, it } from 'vitest';
import { selectionOf, selectionOfPicked } from './import-selection';

const file = (name: string, content = 'x', relative = '') => {
  const made = new File([content], name);
  if (relative) Object.defineProperty(made, 'webkitRelativePath', { value: relative });
  return made;
};

describe('what a chosen folder or zip becomes', () => {
  it('sends one zip as a zip', () => {
    const zip = file('Document base.zip', 'PK');
    expect(selectionOfPicked([zip])).toEqual({ kind: 'zip', name: 'Document base.zip', file: zip, bytes: 2 });
  });

  it('takes the chosen folder off the paths and names the import after it, like npm run import -- <folder>', () => {
    const a = file('a.pdf', 'abc', 'Manuals/GRIP20/a.pdf');
    const b = file('b.tif', 'de', 'Manuals/b.tif');
    expect(selectionOfPicked([a, b])).toEqual({ kind: 'folder', name: 'Manuals', entries: [{ path: 'GRIP20/a.pdf', file: a }, { path: 'b.tif', file: b }], bytes: 5 });
  });

  it('keeps the paths whole when the files do not share one folder (several things dropped), and a zip among them is a file', () => {
    const a = file('a.pdf');
    const zip = file('more.zip');
    expect(selectionOf([{ path: 'Scans/a.pdf', file: a }, { path: 'more.zip', file: zip }])).toMatchObject({
      kind: 'folder', name: undefined, entries: [{ path: 'Scans/a.pdf' }, { path: 'more.zip' }],
    });
    expect(selectionOf([])).toBeNull();
  });
});
