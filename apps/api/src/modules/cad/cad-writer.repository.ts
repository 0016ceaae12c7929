import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CadFormat } from '@portal/contracts/cad';
import type { Database, DocumentAudience, StoredFileColumns } from '../../platform/db/schema.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AudienceRule } from '../../platform/access/audience.ts';
import { addRules } from '../access/index.ts';
import { storeFile, type FileInput } from '../../platform/storage/store-file.ts';
import { enqueueModelPreviewJob } from '../../previews/enqueue-preview-jobs.ts';

/* Writes the CAD catalogue and partner libraries (used by the demo seed and the tests). */

type Rules = Array<Omit<AudienceRule, 'expiresAt'>>;

export interface CadModelInput {
  code: string;
  name: string;
  description?: string;
  revision: string;
  groups: Array<{ code: string; label: string; values: Array<{ code: string; label: string }> }>;
  exclusions?: Array<{ valueA: string; valueB: string; reason: string }>;
  files: Array<FileInput & { format: CadFormat; component: string; requiredOptions?: string[] }>;
}

export interface CadFamilyInput {
  code: string;
  name: string;
  description?: string;
  audience?: DocumentAudience;
  rules?: Rules;
  models: CadModelInput[];
}

/** Stores every file first, then writes the family, its models, options and file rows in one transaction. */
export async function insertCadFamily(db: Kysely<Database>, storage: FileStorage, input: CadFamilyInput, sortOrder = 0): Promise<Record<string, string>> {
  const now = new Date().toISOString();
  const fileIds: Record<string, string> = {};
  const stored = new Map<CadModelInput['files'][number], StoredFileColumns>();
  for (const model of input.models) {
    for (const file of model.files) stored.set(file, await storeFile(storage, file, now));
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('cad_families').values({
      code: input.code, name: input.name, description: input.description ?? '', audience: input.audience ?? 'everyone', sortOrder,
    }).execute();
    await addRules(trx, 'cad-family', input.code, input.rules ?? []);
    for (const [modelIndex, model] of input.models.entries()) {
      await trx.insertInto('cad_models').values({
        code: model.code, familyCode: input.code, name: model.name, description: model.description ?? '', revision: model.revision, sortOrder: modelIndex,
      }).execute();
      for (const [groupIndex, group] of model.groups.entries()) {
        await trx.insertInto('cad_option_groups').values({ modelCode: model.code, code: group.code, label: group.label, sortOrder: groupIndex }).execute();
        await trx.insertInto('cad_option_values').values(
          group.values.map((value, valueIndex) => ({ modelCode: model.code, groupCode: group.code, code: value.code, label: value.label, sortOrder: valueIndex })),
        ).execute();
      }
      if (model.exclusions?.length) {
        await trx.insertInto('cad_option_exclusions').values(model.exclusions.map((exclusion) => ({ modelCode: model.code, ...exclusion }))).execute();
      }
      for (const file of model.files) {
        const columns = stored.get(file)!;
        await trx.insertInto('cad_files').values({
          ...columns, modelCode: model.code, format: file.format, component: file.component, requiredOptions: JSON.stringify(file.requiredOptions ?? []),
        }).execute();
        await enqueueModelPreviewJob(trx, columns);
        fileIds[`${model.code}/${file.fileName}`] = columns.id;
      }
    }
  });
  return fileIds;
}

export interface CadLibraryInput {
  cadTool: string;
  name: string;
  description?: string;
  productCodes?: string[];
  audience?: DocumentAudience;
  rules?: Rules;
  versions: Array<{ version: string; releaseDate: string; notes?: string; files: FileInput[] }>;
}

export interface InsertedCadLibrary {
  libraryId: string;
  versionIds: Record<string, string>;
  /** File ids by `<version>/<fileName>`. */
  fileIds: Record<string, string>;
}

/** Stores every file first, then writes the library, its versions and file rows in one transaction. */
export async function insertCadLibrary(db: Kysely<Database>, storage: FileStorage, input: CadLibraryInput): Promise<InsertedCadLibrary> {
  const now = new Date().toISOString();
  const inserted: InsertedCadLibrary = { libraryId: randomUUID(), versionIds: {}, fileIds: {} };
  const versions: Array<{ id: string; version: string; releaseDate: string; notes: string; files: StoredFileColumns[] }> = [];
  for (const version of input.versions) {
    const files: StoredFileColumns[] = [];
    for (const file of version.files) files.push(await storeFile(storage, file, now));
    versions.push({ id: randomUUID(), version: version.version, releaseDate: version.releaseDate, notes: version.notes ?? '', files });
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('cad_libraries').values({
      id: inserted.libraryId,
      cadTool: input.cadTool,
      name: input.name,
      description: input.description ?? '',
      productCodes: JSON.stringify(input.productCodes ?? []),
      audience: input.audience ?? 'everyone',
      createdAt: now,
    }).execute();
    await addRules(trx, 'cad-library', inserted.libraryId, input.rules ?? []);
    for (const { files, ...version } of versions) {
      inserted.versionIds[version.version] = version.id;
      await trx.insertInto('cad_library_versions').values({ ...version, libraryId: inserted.libraryId, createdAt: now }).execute();
      for (const file of files) {
        await trx.insertInto('cad_library_files').values({ ...file, versionId: version.id }).execute();
        await enqueueModelPreviewJob(trx, file);
        inserted.fileIds[`${version.version}/${file.fileName}`] = file.id;
      }
    }
  });
  return inserted;
}
