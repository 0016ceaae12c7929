import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

export type ModelPreviewRecord =
  | { ready: true; glbKey: string; sizeMm: [number, number, number]; triangles: number }
  | { ready: false; failure: string };

type Outcome = { glbKey: string; sizeMm: [number, number, number]; triangles: number } | { failure: string };

/** Records a conversion's outcome for a stored file (overwriting an earlier one: the job may run twice). */
export async function saveModelPreview(db: Kysely<Database>, sourceKey: string, outcome: Outcome): Promise<void> {
  const columns =
    'failure' in outcome
      ? { glbKey: null, sizeX: null, sizeY: null, sizeZ: null, triangles: null, failure: outcome.failure }
      : { glbKey: outcome.glbKey, sizeX: outcome.sizeMm[0], sizeY: outcome.sizeMm[1], sizeZ: outcome.sizeMm[2], triangles: outcome.triangles, failure: null };
  const createdAt = new Date().toISOString();
  await db
    .insertInto('model_previews')
    .values({ sourceKey, createdAt, ...columns })
    .onConflict((conflict) => conflict.column('sourceKey').doUpdateSet({ createdAt, ...columns }))
    .execute();
}

/** The 3D previews of stored files by their storage keys; files without a row have none yet. */
export async function findModelPreviews(db: Kysely<Database>, sourceKeys: readonly string[]): Promise<Map<string, ModelPreviewRecord>> {
  const found = new Map<string, ModelPreviewRecord>();
  if (sourceKeys.length === 0) return found;
  const rows = await db.selectFrom('model_previews').selectAll().where('sourceKey', 'in', [...new Set(sourceKeys)]).execute();
  for (const row of rows) {
    found.set(
      row.sourceKey,
      row.glbKey
        ? { ready: true, glbKey: row.glbKey, sizeMm: [row.sizeX ?? 0, row.sizeY ?? 0, row.sizeZ ?? 0], triangles: row.triangles ?? 0 }
        : { ready: false, failure: row.failure ?? 'preview not available' },
    );
  }
  return found;
}
