import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import type { DownloadRecordRow, HistoryDescriber, HistoryDetails } from '../../platform/content-kinds/content-kind.ts';
import { allowedOrNull, goneDetails, isNewer, zipRedownload } from '../../platform/content-kinds/history-details.ts';
import { assertCanReadLibrary, readableModel } from './cad-access.ts';
import { cadLibraryZipPath, parseCadItemId } from './cad-download-ref.ts';
import { findLibrary, findLibraryFile, listLibraryVersions } from './cad-library.repository.ts';
import { findCadFile, listModelOptions } from './cad.repository.ts';

const downloadFile = (fileId: string) => ({ method: 'POST' as const, url: `/api/Cad/download?fileId=${encodeURIComponent(fileId)}` });

/**
 * A configurator set's zip path (`cad/<model>/<option codes>[/<format>]`) as the option labels the
 * user chose and the reference that reopens the configurator with them: `<model>/<codes>[/<format>]`.
 */
async function describeSet(db: Kysely<Database>, modelCode: string, zipPath: string): Promise<{ labels: string[]; ref: string }> {
  const [, , codes = '', format] = zipPath.split('/');
  const { values } = await listModelOptions(db, [modelCode]);
  const labels = codes
    .split(',')
    .filter(Boolean)
    .map((code) => values.find((value) => value.code === code)?.label ?? code);
  return { labels, ref: [modelCode, codes, format].filter((part) => part !== undefined).join('/') };
}

/** A configurator file or set: newer when the model's CAD data has a new revision. */
async function describeModelDownload(
  db: Kysely<Database>,
  user: AuthUser,
  record: DownloadRecordRow,
  modelCode: string,
  zipPath: string | null,
): Promise<HistoryDetails> {
  const model = await allowedOrNull(() => readableModel(db, user, modelCode));
  if (!model) return goneDetails(record);
  const file = record.fileId ? await findCadFile(db, record.fileId) : undefined;
  const set = zipPath ? await describeSet(db, model.code, zipPath) : null;
  return {
    title: set?.labels.length ? `${model.name} (${set.labels.join(', ')})` : model.name,
    itemRef: set?.ref ?? model.code,
    isZip: zipPath !== null,
    newerVersionAvailable: model.revision !== record.versionLabel,
    newestVersionLabel: model.revision,
    redownload: zipPath ? zipRedownload(zipPath) : file ? downloadFile(file.id) : null,
  };
}

async function describeLibraryDownload(db: Kysely<Database>, user: AuthUser, record: DownloadRecordRow, libraryId: string): Promise<HistoryDetails> {
  const found = await findLibrary(db, libraryId);
  const library = found && (await allowedOrNull(() => assertCanReadLibrary(db, user, found)));
  if (!library) return goneDetails(record, found?.name);
  const versions = await listLibraryVersions(db, [library.id]);
  const downloaded = versions.find((version) => version.id === record.versionId);
  const file = record.fileId ? await findLibraryFile(db, record.fileId) : undefined;
  let redownload = null;
  if (downloaded && file) redownload = downloadFile(file.id);
  else if (downloaded && !record.fileId) redownload = zipRedownload(cadLibraryZipPath(library.id, downloaded.version));
  return {
    title: library.name,
    itemRef: library.id,
    isZip: record.fileId === null,
    newerVersionAvailable: isNewer(versions, versions[0], record.versionId),
    newestVersionLabel: versions[0]?.version ?? null,
    redownload,
  };
}

/** A CAD download today, by the kind of item its itemId names. */
export const describeCadDownload: HistoryDescriber = async ({ db }, user, record) => {
  const ref = parseCadItemId(record.itemId);
  if (ref?.type === 'model') return describeModelDownload(db, user, record, ref.modelCode, null);
  if (ref?.type === 'set') return describeModelDownload(db, user, record, ref.modelCode, ref.zipPath);
  if (ref?.type === 'library') return describeLibraryDownload(db, user, record, ref.libraryId);
  return goneDetails(record);
};
