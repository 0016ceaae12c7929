import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZipFile } from 'yazl';
import { AppError } from '../../platform/errors.ts';
import { rawZip, type RawZipEntry } from './raw-zip.fixture.ts';
import { safeRelativePath, uploadLimits } from './upload-paths.ts';
import { extractZip } from './zip-extract.ts';

const limits = uploadLimits(1_000_000, { maxFiles: 5, maxTotalBytes: 2_000_000 });

function yazlZip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

describe('zip extraction of an uploaded import', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'portal-zip-extract-'));
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  const extract = async (zip: Buffer) => {
    await writeFile(join(base, 'upload.zip'), zip);
    return extractZip(join(base, 'upload.zip'), join(base, 'files'), limits);
  };
  const refusal = async (zip: Buffer) => {
    const error = await extract(zip).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).statusCode, message: (error as AppError).message };
  };

  it('unpacks nested folders as an archiver writes them, leaving out macOS leftovers', async () => {
    const paths = await extract(
      await yazlZip({ 'Old corpus/Scans (old)/drawing.tiff': 'II*\0', 'notes.txt': 'x'.repeat(50_000), '__MACOSX/Old corpus/._notes.txt': 'fork' }),
    );
    expect(paths.sort()).toEqual(['Old corpus/Scans (old)/drawing.tiff', 'notes.txt']);
    expect(await readFile(join(base, 'files', 'notes.txt'), 'utf8')).toBe('x'.repeat(50_000));
    expect(await readdir(join(base, 'files'))).toEqual(expect.not.arrayContaining(['__MACOSX']));
  });

  it('reads UTF-8 names that an archiver wrote without the UTF-8 flag', async () => {
    expect(await extract(rawZip([{ name: 'Prüfberichte/Größe.pdf', data: Buffer.from('%PDF-'), flags: 0 }]))).toEqual(['Prüfberichte/Größe.pdf']);
    expect(await readFile(join(base, 'files', 'Prüfberichte', 'Größe.pdf'), 'utf8')).toBe('%PDF-');
  });

  it('refuses entries that leave the folder, absolute paths, symbolic links and encrypted or unknown compression', async () => {
    const cases: Array<[RawZipEntry, string]> = [
      [{ name: '../evil.pdf', data: Buffer.from('%PDF-') }, 'leaves the folder'],
      [{ name: 'a/../../evil.pdf', data: Buffer.from('%PDF-') }, 'leaves the folder'],
      [{ name: '..\\evil.pdf', data: Buffer.from('%PDF-') }, 'leaves the folder'],
      [{ name: '/etc/cron.d/evil', data: Buffer.from('x') }, 'is absolute'],
      [{ name: 'C:/Windows/evil.pdf', data: Buffer.from('x') }, 'is absolute'],
      [{ name: 'link.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 }, 'is a symbolic link'],
      [{ name: 'fifo', mode: 0o010644 }, 'is not a regular file'],
      [{ name: 'bad\u0001name.pdf', data: Buffer.from('x') }, 'holds control characters'],
      [{ name: 'secret.pdf', data: Buffer.from('%PDF-'), deflate: true, flags: 0x0801 }, 'is encrypted'],
      [{ name: 'packed.pdf', data: Buffer.from('%PDF-'), method: 12 }, 'uses compression method 12'],
    ];
    for (const [entry, why] of cases) {
      const { status, message } = await refusal(rawZip([{ name: 'fine.pdf', data: Buffer.from('%PDF-') }, entry]));
      expect([status, message], entry.name).toEqual([400, expect.stringContaining(why)]);
    }
    // Nothing was written, not even the entries before the refused one.
    expect(await readdir(base)).toEqual(['upload.zip']);
  });

  it('bounds zip bombs: declared sizes over the limits, more bytes than declared, entries sharing their bytes', async () => {
    const zeros = Buffer.alloc(1_500_000);
    expect(await refusal(rawZip([{ name: 'big.bin', data: zeros, deflate: true }]))).toMatchObject({ status: 413, message: expect.stringContaining('larger than the 1000000 bytes') });
    expect(await refusal(rawZip([{ name: 'liar.bin', data: zeros, deflate: true, declaredSize: 1000 }]))).toMatchObject({
      status: 400, message: expect.stringMatching(/^The zip entry "liar\.bin" is damaged \(too many bytes/),
    });
    const half = Buffer.alloc(900_000);
    const shared = rawZip([{ name: 'a.bin', data: half, deflate: true }, { name: 'b.bin', sameBytesAs: 0 }]);
    expect(await refusal(shared)).toMatchObject({ status: 400, message: expect.stringContaining('overlaps another entry') });
    const many = rawZip(Array.from({ length: 6 }, (_, index) => ({ name: `f${index}.txt`, data: Buffer.from('x') })));
    expect(await refusal(many)).toMatchObject({ status: 413, message: expect.stringContaining('at most 5 files') });
    const total = rawZip([0, 1, 2].map((index) => ({ name: `part${index}.bin`, data: Buffer.alloc(800_000), deflate: true })));
    expect(await refusal(total)).toMatchObject({ status: 413, message: expect.stringContaining('at most 2000000 bytes') });
    expect(await refusal(rawZip([{ name: 'a.pdf', data: Buffer.from('x') }, { name: 'a.pdf', data: Buffer.from('y') }]))).toMatchObject({ status: 400, message: expect.stringContaining('is there twice') });
    expect(await refusal(rawZip([{ name: 'a', data: Buffer.from('x') }, { name: 'a/b.pdf', data: Buffer.from('y') }]))).toMatchObject({ status: 400, message: expect.stringContaining('both a file and a folder') });
  });

  it('refuses what is not a zip, or a damaged one', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7 not a zip at all, however long it is'))).toMatchObject({ status: 400, message: expect.stringContaining('not a zip') });
    const good = rawZip([{ name: 'a.txt', data: Buffer.from('hello hello hello'), deflate: true }]);
    const corrupt = Buffer.from(good);
    corrupt[36] ^= 0xff; // inside the compressed data (30-byte header, 5-byte name)
    expect(await refusal(corrupt)).toMatchObject({ status: 400, message: expect.stringMatching(/damaged/) });
    const wrongCrc = rawZip([{ name: 'b.txt', data: Buffer.from('hello') }]);
    wrongCrc[wrongCrc.length - 22 - (46 + 5) + 16] ^= 0xff; // the CRC-32 in the central directory
    expect(await refusal(wrongCrc)).toMatchObject({ status: 400, message: 'The zip entry "b.txt" is damaged (its size or CRC-32 does not match).' });
    const twoSizes = rawZip([{ name: 'c.txt', data: Buffer.from('hello'), declaredSize: 50 }]);
    expect(await refusal(twoSizes)).toMatchObject({ status: 400, message: expect.stringContaining('The zip cannot be read') });
    expect(await refusal(good.subarray(0, good.length - 30))).toMatchObject({ status: 400, message: expect.stringContaining('The zip cannot be read') });
  });

  it.runIf(existsSync('/proc/self/fd'))('lets go of the zip file after a refusal, even in the middle of an entry', async () => {
    const zipPath = join(base, 'upload.zip');
    const holding = async () => {
      const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target === zipPath);
    };
    await refusal(rawZip([{ name: 'liar.bin', data: Buffer.alloc(1_500_000), deflate: true, declaredSize: 1000 }]));
    await vi.waitFor(async () => expect(await holding()).toEqual([]));
    await refusal(rawZip([{ name: 'ok.txt', data: Buffer.from('x') }, { name: '../evil.pdf', data: Buffer.from('x') }]));
    await vi.waitFor(async () => expect(await holding()).toEqual([]));
  });
});

describe('paths of uploaded files', () => {
  const bounds = { maxPathLength: 100, maxDepth: 3 };
  it('keeps relative paths, with backslashes, empty and dot segments folded', () => {
    expect(safeRelativePath('a\\b/./c//d.pdf', bounds)).toBe('a/b/c/d.pdf');
  });
  it('refuses what could land outside the folder or break it', () => {
    for (const path of ['', '..', 'a/..', '/abs', '\\\\server\\share', 'c:x', 'a/b/c/d/e.pdf', 'x'.repeat(101), 'a\u0000b', '.', 'é'.repeat(130)]) {
      expect(() => safeRelativePath(path, bounds), path).toThrow(AppError);
    }
  });
});
