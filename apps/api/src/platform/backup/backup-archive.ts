import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { z } from 'zod';
import { isStorageKey } from '../storage/storage-key.ts';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const sums = { sha256: sha256Hex, size: z.number().int().min(0) };

/** `manifest.json`, the archive's last entry: what it holds, with the sha256 and size of every other entry. */
export const manifestSchema = z.object({
  format: z.literal('portal-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), entry: z.enum(['database/portal.sqlite', 'database/portal.pgdump']), ...sums }),
  files: z.array(z.object({ key: z.string().refine(isStorageKey, 'not a storage key'), ...sums })),
  secrets: z.array(z.object({ name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/), ...sums })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type EntrySums = { sha256: string; size: number };

export const manifestEntry = 'manifest.json';
export const fileEntry = (key: string) => `files/${key}`;
export const secretEntry = (name: string) => `secrets/${name}`;
/** A manifest above this is not a portal backup (a million files take about 150 MB). */
const maxManifestBytes = 512 * 1024 * 1024;

/** A pass-through that hashes and counts what flows, and hands the sums over at the end. */
export function hashingStream(onEnd: (sums: EntrySums) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      onEnd({ sha256: hash.digest('hex'), size });
      done();
    },
  });
}

/**
 * Writes a zip to `path`, entry after entry: each entry's source is opened only when the zip reaches it
 * (thousands of stored files never hold thousands of connections), and its sums come back when written.
 */
export class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;
  private failure: unknown;

  constructor(path: string) {
    this.written = pipeline(this.zip.outputStream, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    this.written.catch((error: unknown) => (this.failure ??= error));
  }

  /** Adds an entry read from `open()`; answers its sums once the zip has taken all of it. */
  add(name: string, open: () => Promise<Readable>, compress: boolean): Promise<EntrySums> {
    const added = new Promise<EntrySums>((resolve, reject) => {
      const fail = (error: unknown) => {
        this.failure ??= error;
        reject(error instanceof Error ? error : new Error(String(error)));
        // yazl does not pass a source's error on to its output: end the output, so finish() reports it.
        (this.zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
      };
      this.zip.addReadStreamLazy(name, { compress }, (callback) => {
        open().then((source) => {
          const hasher = hashingStream(resolve);
          pipeline(source, hasher).catch(fail);
          callback(null, hasher);
        }, fail);
      });
    });
    // Observed here: finish() reports the first failure; the caller may never await an entry after it.
    added.catch(() => undefined);
    return added;
  }

  async finish(): Promise<void> {
    this.zip.end();
    await this.written;
    if (this.failure) throw this.failure;
  }
}

/** An archive opened for reading: entries by name, each readable as a stream (its CRC-32 and size checked by yauzl). */
export interface ArchiveReader {
  has(name: string): boolean;
  open(name: string): Promise<Readable>;
  close(): void;
}

export async function openArchive(path: string): Promise<ArchiveReader> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return {
    has: (name) => entries.has(name),
    open(name) {
      const entry = entries.get(name);
      if (!entry) return Promise.reject(new Error(`The archive has no ${name}.`));
      return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
    },
    close: () => zip.close(),
  };
}

/** The manifest of an opened archive, checked against its schema; a clear error for anything that is not a portal backup. */
export async function readManifest(archive: ArchiveReader): Promise<BackupManifest> {
  if (!archive.has(manifestEntry)) throw new Error('Not a portal backup: the archive has no manifest.json.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await archive.open(manifestEntry)) {
    size += (chunk as Buffer).length;
    if (size > maxManifestBytes) throw new Error('Not a portal backup: manifest.json is too large.');
    chunks.push(chunk as Buffer);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Error('Not a portal backup: manifest.json is not JSON.');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Not a portal backup this version can restore: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).slice(0, 5).join('; ')}`);
  return parsed.data;
}
