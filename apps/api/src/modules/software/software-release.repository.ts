import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A software version with what the alerts' fan-out and access checks need of it and of its item. */
export async function findSoftwareRelease(db: Kysely<Database>, versionId: string) {
  const row = await db
    .selectFrom('software_versions')
    .innerJoin('software_items', 'software_items.id', 'software_versions.itemId')
    .select([
      'software_versions.id as versionId',
      'software_versions.versionNumber',
      'software_versions.status',
      'software_versions.audience as versionAudience',
      'software_versions.releaseNotesDocumentId',
      'software_items.id as itemId',
      'software_items.equipmentName',
      'software_items.name',
      'software_items.audience as itemAudience',
      'software_items.compatibleEquipment',
    ])
    .where('software_versions.id', '=', versionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { versionAudience, itemAudience, compatibleEquipment, ...rest } = row;
  return {
    ...rest,
    item: { id: row.itemId, audience: itemAudience },
    version: { id: row.versionId, audience: versionAudience },
    compatibleEquipment: jsonList(compatibleEquipment),
  };
}

export type SoftwareRelease = NonNullable<Awaited<ReturnType<typeof findSoftwareRelease>>>;

/** A stored JSON list of codes (anything else reads as none). */
export function jsonList(json: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
