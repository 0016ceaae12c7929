import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** Key material of the embedded sign-in provider, kept in DATA_DIR/secrets so tokens survive a restart. */
export interface SigningKeys {
  /** Private signing keys (JWK set) handed to oidc-provider. */
  privateJwks: { keys: JWK[] };
  /** Their public halves, used by the API to verify access tokens in-process. */
  publicJwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

const signingAlgorithm = 'RS256';
const publicMembers = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;

function publicHalf(key: JWK): JWK {
  return Object.fromEntries(publicMembers.filter((name) => key[name] !== undefined).map((name) => [name, key[name]]));
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Writes a secret readable by the owner only; `wx` keeps a concurrent first start from overwriting it. */
async function writeSecret(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
}

async function createJwks(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomUUID(), alg: signingAlgorithm, use: 'sig' }] };
}

/** Loads the provider's keys from `<dataDir>/secrets`, generating them on first start. */
export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const folder = join(dataDir, 'secrets');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const jwksFile = join(folder, 'oidc-jwks.json');
  const cookieFile = join(folder, 'oidc-cookie-keys.json');

  if (!(await readJson(jwksFile))) await writeSecret(jwksFile, await createJwks());
  if (!(await readJson(cookieFile))) await writeSecret(cookieFile, [randomBytes(32).toString('base64url')]);

  const privateJwks = (await readJson<{ keys: JWK[] }>(jwksFile))!;
  const cookieKeys = (await readJson<string[]>(cookieFile))!;
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(publicHalf) }, cookieKeys };
}
