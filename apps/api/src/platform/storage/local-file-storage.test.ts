import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-file-storage.ts';
import { InvalidStorageKeyError, StoredFileMissingError } from './storage-key.ts';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort();
}

const sha = (value: string) => createHash('sha256').update(value).digest('hex');

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'portal-storage-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores bytes under their sha256, sharded in two folder levels, and reads them back', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    const digest = sha('hello world');
    expect(stored).toEqual({ key: `${digest.slice(0, 2)}/${digest.slice(2, 4)}/${digest}`, sha256: digest, size: 11 });
    expect(await text(await storage.read(stored.key))).toBe('hello world');
    expect(await storage.stat(stored.key)).toEqual({ size: 11 });
    expect(await listFiles(root)).toEqual([stored.key]);
  });

  it('stores the same content once', async () => {
    const first = await storage.put(Readable.from([Buffer.from('same bytes')]));
    const second = await storage.put(Readable.from([Buffer.from('same bytes')]));
    expect(second.key).toBe(first.key);
    expect(await listFiles(root)).toEqual([first.key]);
  });

  it('reads inclusive byte ranges', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('0123456789')]));
    expect(await text(await storage.read(stored.key, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.read(stored.key, { start: 9, end: 9 }))).toBe('9');
  });

  it('never shows a file under its key before it is complete', async () => {
    const source = new PassThrough();
    const putting = storage.put(source);
    source.write('first half ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await listFiles(root);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^\.tmp\//);
    source.end('second half');
    const stored = await putting;
    expect(await listFiles(root)).toEqual([stored.key]);
  });

  it('leaves nothing behind when the source fails mid-way', async () => {
    const source = new PassThrough();
    const putting = storage.put(source);
    source.write('partial');
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await expect(putting).rejects.toThrow('client went away');
    expect(await listFiles(root)).toEqual([]);
    expect(await storage.stat(`${sha('partial').slice(0, 2)}/${sha('partial').slice(2, 4)}/${sha('partial')}`)).toBeNull();
  });

  it('answers null or a not-found error for a missing key, and refuses anything that is not a key', async () => {
    const missing = `aa/bb/${'a'.repeat(64)}`;
    expect(await storage.stat(missing)).toBeNull();
    await expect(storage.read(missing)).rejects.toBeInstanceOf(StoredFileMissingError);
    for (const bad of ['../etc/passwd', '/etc/passwd', `aa/bb/${'a'.repeat(63)}`, `AA/BB/${'A'.repeat(64)}`, 'aa/bb/../../x']) {
      await expect(storage.read(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('deletes a file, and deleting twice is fine', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('to delete')]));
    await storage.delete(stored.key);
    await storage.delete(stored.key);
    expect(await storage.stat(stored.key)).toBeNull();
  });

  it('removes only old orphan temp files', async () => {
    await storage.put(Readable.from([Buffer.from('x')]));
    const old = join(root, '.tmp', 'old-orphan');
    const fresh = join(root, '.tmp', 'fresh-orphan');
    await writeFile(old, 'x');
    await writeFile(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    expect(await storage.removeOrphanTempFiles()).toBe(1);
    expect((await listFiles(root)).filter((path) => path.startsWith('.tmp'))).toEqual(['.tmp/fresh-orphan']);
  });
});
