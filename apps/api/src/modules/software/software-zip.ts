import { notFound } from '../../platform/errors.ts';
import type { ZipResolver } from '../../platform/content-kinds/content-kind.ts';
import { safeFileName, zipEntry } from '../../platform/content-kinds/zip-entries.ts';
import { readableVersion } from './software-access.ts';
import { listFiles } from './software.repository.ts';

/** First segment of a software `downloadZip` filePath. */
export const softwareZipPrefix = 'software';

/** `filePath` of a whole software version: `software/<equipmentName>/<versionNumber>`. */
export function softwareZipPath(equipmentName: string, versionNumber: string): string {
  return `${softwareZipPrefix}/${equipmentName}/${versionNumber}`;
}

/** Every file of one software version the user may see, in a folder named after it. */
export const resolveSoftwareZip: ZipResolver = async ({ db }, user, segments) => {
  if (segments.length !== 2) throw notFound('notFound', 'A software zip path is software/<equipment>/<version>.');
  const [equipmentName, versionNumber] = segments as [string, string];
  const { item, version } = await readableVersion(db, user, equipmentName, versionNumber);
  const files = await listFiles(db, [version.id]);
  if (files.length === 0) throw notFound('notFound', 'This software version has no files.');
  const folder = safeFileName(`${item.equipmentName}-${version.versionNumber}`);
  const fileName = `${folder}.zip`;
  return {
    fileName,
    entries: files.map((file) => zipEntry(file, folder)),
    record: { itemKind: 'software', itemId: item.id, versionId: version.id, versionLabel: version.versionNumber, fileName, fileId: null },
  };
};
