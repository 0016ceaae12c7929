import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/*
 * The Ed25519 key that signs the audit chain's checkpoints. It never enters the database: it is given to
 * the API processes as AUDIT_SIGNING_KEY (PEM, or the base64 of its PKCS #8 DER on one line) or as a file
 * AUDIT_SIGNING_KEY_FILE (PEM). Make one with `openssl genpkey -algorithm ed25519 -out audit-signing-key.pem`.
 */

export interface Ed25519Signer {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The first 16 hex digits of the sha256 of the public key (SPKI DER): names the key in each checkpoint. */
  keyId: string;
}

/** Parses a private key text (PEM or one-line base64 DER); throws a readable error unless it is an Ed25519 private key. */
export function parseEd25519PrivateKey(text: string): Ed25519Signer {
  const trimmed = text.trim();
  let privateKey: KeyObject;
  try {
    privateKey = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('is not a private key (PEM, or the base64 of a PKCS #8 DER key)');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`is a ${privateKey.asymmetricKeyType ?? 'unknown'} key, not an Ed25519 key`);
  const publicKey = createPublicKey(privateKey);
  const keyId = createHash('sha256').update(publicKey.export({ format: 'der', type: 'spki' })).digest('hex').slice(0, 16);
  return { privateKey, publicKey, keyId };
}

export interface SigningKeyVariables {
  AUDIT_SIGNING_KEY?: string;
  AUDIT_SIGNING_KEY_FILE?: string;
}

/** The configured signer, or undefined when no key is configured (throws like parseEd25519PrivateKey). */
export function auditSignerOf(env: SigningKeyVariables): Ed25519Signer | undefined {
  if (env.AUDIT_SIGNING_KEY) return parseEd25519PrivateKey(env.AUDIT_SIGNING_KEY);
  if (env.AUDIT_SIGNING_KEY_FILE) {
    let text: string;
    try {
      text = readFileSync(env.AUDIT_SIGNING_KEY_FILE, 'utf8');
    } catch (error) {
      throw new Error(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`, { cause: error });
    }
    return parseEd25519PrivateKey(text);
  }
  return undefined;
}
