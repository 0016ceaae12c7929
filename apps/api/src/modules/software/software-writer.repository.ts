import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DocumentAudience, StoredFileColumns } from '../../platform/db/schema.ts';
import type { SoftwareStatus } from './software.tables.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { addRules } from '../access/index.ts';
import type { AudienceRule } from '../../platform/access/audience.ts';
import { storeFile, type FileInput } from '../../platform/storage/store-file.ts';

/* Writes software items with their versions, files and audience rules (used by the demo seed and the tests). */

export interface SoftwareVersionInput {
  number: string;
  releaseDate: string;
  status: SoftwareStatus;
  audience?: DocumentAudience;
  rules?: Array<Omit<AudienceRule, 'expiresAt'>>;
  releaseNotesDocumentId?: string | null;
  files: FileInput[];
}

export interface SoftwareItemInput {
  equipmentName: string;
  name?: string;
  category?: string;
  description?: string;
  compatibleEquipment?: string[];
  audience?: DocumentAudience;
  rules?: Array<Omit<AudienceRule, 'expiresAt'>>;
  versions: SoftwareVersionInput[];
}

export interface InsertedSoftware {
  itemId: string;
  versionIds: Record<string, string>;
  /** File ids by `<version>/<fileName>`. */
  fileIds: Record<string, string>;
}

/**
 * Stores the files of an item's versions, then inserts the item, versions, file rows and audience
 * rules in one transaction: a killed process leaves at most unreferenced stored bytes, never half an item.
 */
export async function insertSoftware(db: Kysely<Database>, storage: FileStorage, input: SoftwareItemInput): Promise<InsertedSoftware> {
  const now = new Date().toISOString();
  const inserted: InsertedSoftware = { itemId: randomUUID(), versionIds: {}, fileIds: {} };
  const versions: Array<SoftwareVersionInput & { id: string; storedFiles: StoredFileColumns[] }> = [];
  for (const version of input.versions) {
    const storedFiles: StoredFileColumns[] = [];
    for (const file of version.files) storedFiles.push(await storeFile(storage, file, now));
    versions.push({ ...version, id: randomUUID(), storedFiles });
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('software_items').values({
      id: inserted.itemId,
      equipmentName: input.equipmentName,
      name: input.name ?? input.equipmentName,
      category: input.category ?? 'firmware',
      description: input.description ?? '',
      compatibleEquipment: JSON.stringify(input.compatibleEquipment ?? []),
      audience: input.audience ?? 'everyone',
      createdAt: now,
      updatedAt: now,
    }).execute();
    await addRules(trx, 'software-item', inserted.itemId, input.rules ?? []);
    for (const version of versions) {
      inserted.versionIds[version.number] = version.id;
      await trx.insertInto('software_versions').values({
        id: version.id,
        itemId: inserted.itemId,
        versionNumber: version.number,
        releaseDate: version.releaseDate,
        status: version.status,
        audience: version.audience ?? 'everyone',
        releaseNotesDocumentId: version.releaseNotesDocumentId ?? null,
        createdAt: now,
      }).execute();
      await addRules(trx, 'software-version', version.id, version.rules ?? []);
      for (const file of version.storedFiles) {
        await trx.insertInto('software_files').values({ ...file, versionId: version.id }).execute();
        inserted.fileIds[`${version.number}/${file.fileName}`] = file.id;
      }
    }
  });
  return inserted;
}
