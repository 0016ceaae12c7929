import { AppError } from '../errors.ts';

const keyPattern = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** The storage key of some bytes: their sha256, sharded in two folder levels (`ab/cd/abcd…`) so no folder grows huge. */
export function storageKeyFor(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** True for keys made by storageKeyFor: nothing else (no `..`, no absolute path) ever reaches a backend. */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** A stored file that is not there (deleted, or a key from another storage area). */
export class StoredFileMissingError extends AppError {
  constructor(key: string) {
    super(404, 'notFound', `The stored file ${key} does not exist.`);
    this.name = 'StoredFileMissingError';
  }
}
