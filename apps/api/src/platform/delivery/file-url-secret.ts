import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

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
