import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { loadReferenceCodes } from '../documents/index.ts';
import type { ImportCatalog } from './folder-meaning.ts';

/** The document types and products that exist: folder names are read against them. */
export function loadImportCatalog(db: Kysely<Database>): Promise<ImportCatalog> {
  return loadReferenceCodes(db);
}
