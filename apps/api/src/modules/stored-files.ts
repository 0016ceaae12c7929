import type { StoredFileKeys } from '../platform/backup/stored-file-keys.ts';
import { cadFileKeys } from './cad/index.ts';
import { documentFileKeys } from './documents/index.ts';
import { softwareFileKeys } from './software/index.ts';

/**
 * The modules that keep files in the file storage, each by the list of storage keys its rows refer to:
 * `npm run backup` archives these files and `npm run restore` checks they came back. A module that
 * starts storing files adds one line here.
 */
export const storedFileOwners: readonly StoredFileKeys[] = [documentFileKeys, softwareFileKeys, cadFileKeys];
