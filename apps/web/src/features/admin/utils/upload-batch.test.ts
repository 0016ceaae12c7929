import { describe, expect, it } from 'vitest';
import { newServiceRef, titleFromFileName, toUploadItems } from './upload-batch';

describe('upload batch', () => {
  it('titles each file after its name and gives it a reference of letters and digits', () => {
    expect(titleFromFileName('Gripper G20 manual.pdf')).toBe('Gripper G20 manual');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
    expect(titleFromFileName('archive.tar.gz')).toBe('archive.tar');
    const items = toUploadItems([new File(['a'], 'a.pdf'), new File(['b'], 'b.png')], 1_700_000_000_000, 0);
    expect(items.map((item) => item.serviceRef)).toEqual([newServiceRef(1_700_000_000_000, 0), newServiceRef(1_700_000_000_000, 1)]);
    for (const item of items) expect(item.serviceRef).toMatch(/^[A-Za-z0-9]{1,64}$/);
    expect(new Set(items.map((item) => item.key)).size).toBe(2);
  });
});
