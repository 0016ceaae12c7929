import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { cleanFileName } from '../../platform/uploads/index.ts';
import { storeUpload } from './upload-form.ts';

describe('stored file names', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'portal-file-name-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  // Finding 15: `\u202E` let `invoice\u202Efdp.exe`-style names display as something else.
  it('removes bidirectional embeddings, overrides, isolates and marks', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    for (const control of controls) {
      expect({ control: control.codePointAt(0)?.toString(16), name: cleanFileName(`report${control}fdp.step`) }).toEqual({
        control: control.codePointAt(0)?.toString(16),
        name: 'reportfdp.step',
      });
    }
    expect(() => cleanFileName('\u202E\u2066')).toThrow('The file has no name.');
    // Right-to-left letters themselves stay.
    expect(cleanFileName('דוח.pdf')).toBe('דוח.pdf');
  });

  it('stores an upload under the cleaned name', async () => {
    const upload = await storeUpload(new LocalFileStorage(root), Readable.from([Buffer.from('ISO-10303-21;\n')]), 'part\u202Eexe.step', 1000);
    expect(upload.fileName).toBe('partexe.step');
  });
});
