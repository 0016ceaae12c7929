import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sharedSecret } from '../db/shared-secrets.ts';

/**
 * The key that signs file URLs: FILE_URL_SECRET when configured (every API server behind a load
 * balancer must share it), otherwise `<dataDir>/secrets/file-url-secret`, generated on first start.
 */
export async function loadFileUrlSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const folder = join(dataDir, 'secrets');
  const file = join(folder, 'file-url-secret');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // `wx` lets a concurrent first start keep whichever secret was written first.
  await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one generated`);
  return secret;
}

/** The file URL secret shared through the database (with DATABASE_URL): FILE_URL_SECRET, or one stored by the first process. */
export async function sharedFileUrlSecret(db: Kysely<Database>, configured?: string): Promise<string> {
  return configured ?? sharedSecret(db, 'file-url-secret', () => randomBytes(32).toString('base64url'));
}
