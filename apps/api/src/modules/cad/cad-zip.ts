import { cadFormatSchema } from '@portal/contracts/cad';
import { notFound } from '../../platform/errors.ts';
import type { ZipResolver } from '../../platform/content-kinds/content-kind.ts';
import { safeFileName, zipEntry } from '../../platform/content-kinds/zip-entries.ts';
import { cadItemId, cadSetZipPath } from './cad-download-ref.ts';
import { resolveConfiguration } from './cad-catalogue.service.ts';
import { parseOptionList } from './cad-configuration.ts';
import { listLibraryFiles } from './cad-library.repository.ts';
import { readableLibraryVersion } from './cad-library.service.ts';

/** A configurator set: the matching files, one folder per format. */
export const resolveCadSetZip: ZipResolver = async ({ db }, user, segments) => {
  if (segments.length < 2 || segments.length > 3) throw notFound('notFound', 'A CAD set zip path is cad/<model>/<options>[/<format>].');
  const [modelCode, options, formatSegment] = segments as [string, string, string | undefined];
  const format = formatSegment === undefined ? undefined : cadFormatSchema.safeParse(formatSegment);
  if (format && !format.success) throw notFound('notFound', `There is no CAD format ${formatSegment}.`);
  const { model, chosen, files } = await resolveConfiguration(db, user, modelCode, parseOptionList(options), format?.data);
  if (files.length === 0) throw notFound('notFound', 'This configuration has no CAD files in that format.');
  const label = [model.code, ...chosen.map((option) => option.value), ...(format ? [format.data] : [])].join('-');
  const fileName = `${safeFileName(label)}.zip`;
  const zipPath = cadSetZipPath(`${model.code}/${chosen.map((option) => option.value).join(',')}`, format?.data);
  return {
    fileName,
    entries: files.map((file) => zipEntry(file, file.format)),
    record: { itemKind: 'cad', itemId: cadItemId.set(zipPath), versionId: null, versionLabel: model.revision, fileName, fileId: null },
  };
};

/** Every file of one partner library version. */
export const resolveCadLibraryZip: ZipResolver = async ({ db }, user, segments) => {
  if (segments.length !== 2) throw notFound('notFound', 'A partner library zip path is cad-libraries/<library>/<version>.');
  const { library, version } = await readableLibraryVersion(db, user, segments[0]!, segments[1]!);
  const files = await listLibraryFiles(db, [version.id]);
  if (files.length === 0) throw notFound('notFound', 'This library version has no files.');
  const folder = safeFileName(`${library.name}-${version.version}`);
  const fileName = `${folder}.zip`;
  return {
    fileName,
    entries: files.map((file) => zipEntry(file, folder)),
    record: { itemKind: 'cad', itemId: cadItemId.library(library.id), versionId: version.id, versionLabel: version.version, fileName, fileId: null },
  };
};
