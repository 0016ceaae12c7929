import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Variables } from './s3-config.ts';

/**
 * Small texts written once and never changed, kept outside the database (the audit chain's signed
 * checkpoints): files in a folder, or objects under a prefix of the S3 bucket. Names sort in the order
 * they should be read.
 */
export interface WriteOnceObjects {
  /** Where, for messages (`directory /var/lib/portal-audit`, `bucket portal/audit-checkpoints/`). */
  readonly description: string;
  /** Writes a new object; refuses (throws) to overwrite one. */
  put(name: string, text: string): Promise<void>;
  /** The `count` last objects by name whose names match `pattern`, in name order, each cut at `maxBytes`. */
  newest(count: number, pattern: RegExp, maxBytes: number): Promise<Array<{ name: string; text: string }>>;
}

/** A folder: each object a file created exclusively, read-only. */
export function directoryObjects(directory: string): WriteOnceObjects {
  return {
    description: `directory ${directory}`,
    async put(name, text) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      await writeFile(join(directory, name), text, { flag: 'wx', mode: 0o400 });
    },
    async newest(count, pattern, maxBytes) {
      let names: string[];
      try {
        names = (await readdir(directory)).filter((name) => pattern.test(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const chosen = names.sort().slice(-count);
      return Promise.all(chosen.map(async (name) => ({ name, text: (await readFile(join(directory, name), 'utf8')).slice(0, maxBytes) })));
    },
  };
}

export interface WriteOnceConfig extends S3Variables {
  /** A folder (preferred when set); else the bucket. */
  directory?: string;
  /** The bucket's key prefix, e.g. `audit-checkpoints/`. */
  prefix: string;
}

/** The folder when given, else the S3 bucket (its SDK loaded only then); undefined when there is neither. */
export async function createWriteOnceObjects(config: WriteOnceConfig): Promise<WriteOnceObjects | undefined> {
  if (config.directory) return directoryObjects(config.directory);
  if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) return undefined;
  const { s3Objects } = await import('./s3-write-once-objects.ts');
  return s3Objects(config as WriteOnceConfig & { S3_BUCKET: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string });
}
