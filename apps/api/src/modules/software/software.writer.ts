import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database, DocumentAudience, SoftwareStatus } from '../../db/schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { addRules } from '../access/content-access.repository.ts';
import type { AudienceRule } from '../access/audience.ts';

/* Writes software items with their versions, files and audience rules (used by the demo seed and the tests). */

export interface SoftwareFileInput {
  fileName: string;
  content: Buffer | string;
  mediaType?: string;
}

export interface SoftwareVersionInput {
  number: string;
  releaseDate: string;
  status: SoftwareStatus;
  audience?: DocumentAudience;
  rules?: Array<Omit<AudienceRule, 'expiresAt'>>;
  releaseNotesDocumentId?: string | null;
  files: SoftwareFileInput[];
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

/** Inserts an item, its versions, their files (stored in `storage`) and audience rules. */
export async function insertSoftware(db: Kysely<Database>, storage: FileStorage, input: SoftwareItemInput): Promise<InsertedSoftware> {
  const now = new Date().toISOString();
  const itemId = randomUUID();
  await db.insertInto('software_items').values({
    id: itemId,
    equipmentName: input.equipmentName,
    name: input.name ?? input.equipmentName,
    category: input.category ?? 'firmware',
    description: input.description ?? '',
    compatibleEquipment: JSON.stringify(input.compatibleEquipment ?? []),
    audience: input.audience ?? 'everyone',
    createdAt: now,
    updatedAt: now,
  }).execute();
  await addRules(db, 'software-item', itemId, input.rules ?? []);
  const inserted: InsertedSoftware = { itemId, versionIds: {}, fileIds: {} };
  for (const version of input.versions) {
    const versionId = randomUUID();
    inserted.versionIds[version.number] = versionId;
    await db.insertInto('software_versions').values({
      id: versionId,
      itemId,
      versionNumber: version.number,
      releaseDate: version.releaseDate,
      status: version.status,
      audience: version.audience ?? 'everyone',
      releaseNotesDocumentId: version.releaseNotesDocumentId ?? null,
      createdAt: now,
    }).execute();
    await addRules(db, 'software-version', versionId, version.rules ?? []);
    for (const file of version.files) {
      const fileId = randomUUID();
      const stored = await storage.put(Readable.from([Buffer.from(file.content)]));
      await db.insertInto('software_files').values({
        id: fileId,
        versionId,
        fileName: file.fileName,
        size: stored.size,
        mediaType: file.mediaType ?? 'application/octet-stream',
        sha256: stored.sha256,
        storageKey: stored.key,
        createdAt: now,
      }).execute();
      inserted.fileIds[`${version.number}/${file.fileName}`] = fileId;
    }
  }
  return inserted;
}
