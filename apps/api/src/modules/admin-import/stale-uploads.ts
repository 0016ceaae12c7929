import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findImport } from './admin-import.repository.ts';
import { presentImportSummary } from './admin-import.presenter.ts';

/** An upload still being received is younger than this (its folder's time changes with every file). */
const staleAfterMs = 6 * 60 * 60_000;

/**
 * Removes the temporary folders that a stopped process left under DATA_DIR/imports: an upload cut
 * short before its import was recorded, or an import whose job ended without removing them. Folders
 * of imports still waiting or running are kept. Returns the ids removed.
 */
export async function removeStaleUploads(db: Kysely<Database>, importsFolder: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(importsFolder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const folder = join(importsFolder, name);
    const changed = await stat(folder).then((info) => info.mtimeMs, () => now);
    if (now - changed < staleAfterMs) continue;
    const row = await findImport(db, name);
    if (row && !['done', 'failed'].includes(presentImportSummary(row).status)) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
