import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { changeSharedSecret, sharedSecret } from '../platform/db/shared-secrets.ts';

/** Key material of the embedded sign-in provider, kept in DATA_DIR/secrets or, with DATABASE_URL, in the database. */
export interface SigningKeys {
  /** Private signing keys (JWK set) handed to oidc-provider. */
  privateJwks: { keys: JWK[] };
  /** Their public halves, used by the API to verify access tokens in-process. */
  publicJwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
  /** The public keys as stored now (shared keys only): another process may have rotated them. */
  reloadPublicJwks?: () => Promise<{ keys: JWK[] }>;
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

interface StoredSigningKey {
  /** Private JWK with kid, alg and use. */
  jwk: JWK;
  /** When it was added; a key stays for verification for a day after a newer one was added. */
  addedAt: string;
}

const signingKeysSecret = 'oidc-signing-keys';
const cookieKeysSecret = 'oidc-cookie-keys';
/** Access and ID tokens live an hour: a replaced key verifies for a day after its successor was added, then goes. */
export const replacedKeyRetentionMs = 24 * 60 * 60 * 1000;

const freshSigningKey = async (now: Date): Promise<StoredSigningKey> => ({ jwk: (await createJwks()).keys[0]!, addedAt: now.toISOString() });

function keysFrom(stored: StoredSigningKey[], cookieKeys: string[]): SigningKeys {
  // Newest first: oidc-provider signs with the first key that fits, and verifies with any.
  const privateJwks = { keys: stored.map((key) => key.jwk) };
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(publicHalf) }, cookieKeys };
}

/**
 * The provider's keys kept in the database, shared by every process (with DATABASE_URL). The first
 * process to start stores them: the ones it finds in its DATA_DIR/secrets (an installation moving
 * to several processes keeps its sign-ins), else new ones.
 */
export async function loadSharedSigningKeys(db: Kysely<Database>, dataDir?: string): Promise<SigningKeys> {
  const folder = dataDir && join(dataDir, 'secrets');
  const now = new Date();
  const signing = await sharedSecret(db, signingKeysSecret, async () => {
    const existing = folder ? await readJson<{ keys: JWK[] }>(join(folder, 'oidc-jwks.json')) : undefined;
    const keys = existing?.keys.length ? existing.keys.map((jwk) => ({ jwk, addedAt: now.toISOString() })) : [await freshSigningKey(now)];
    return JSON.stringify(keys);
  });
  const cookies = await sharedSecret(db, cookieKeysSecret, async () => {
    const existing = folder ? await readJson<string[]>(join(folder, 'oidc-cookie-keys.json')) : undefined;
    return JSON.stringify(existing?.length ? existing : [randomBytes(32).toString('base64url')]);
  });
  const reloadPublicJwks = async () => (await loadSharedSigningKeys(db)).publicJwks;
  return { ...keysFrom(JSON.parse(signing) as StoredSigningKey[], JSON.parse(cookies) as string[]), reloadPublicJwks };
}

/** The keys a process uses: shared through the database with DATABASE_URL, else in its own DATA_DIR. */
export function loadProviderKeys(config: { DATABASE_URL?: string; dataDir: string }, db: Kysely<Database>): Promise<SigningKeys> {
  return config.DATABASE_URL ? loadSharedSigningKeys(db, config.dataDir) : loadSigningKeys(config.dataDir);
}

export interface KeyRotation {
  added: string;
  kept: string[];
  removed: string[];
}

/**
 * Adds a new signing key in front of the shared ones; the previous key keeps verifying for a day
 * (its tokens expire within the hour), keys replaced longer ago are removed.
 */
export async function rotateSharedSigningKeys(db: Kysely<Database>, now = new Date()): Promise<KeyRotation> {
  const fresh = await freshSigningKey(now);
  let rotation: KeyRotation = { added: fresh.jwk.kid!, kept: [], removed: [] };
  await changeSharedSecret(db, signingKeysSecret, (current) => {
    const previous = current ? (JSON.parse(current) as StoredSigningKey[]) : [];
    // A key is needed while a key added after it is younger than the retention: the newest old key always stays.
    const keep = previous.filter((_key, index) => index === 0 || now.getTime() - Date.parse(previous[index - 1]!.addedAt) < replacedKeyRetentionMs);
    rotation = {
      added: fresh.jwk.kid!,
      kept: keep.map((key) => key.jwk.kid!),
      removed: previous.filter((key) => !keep.includes(key)).map((key) => key.jwk.kid!),
    };
    return JSON.stringify([fresh, ...keep]);
  });
  return rotation;
}
