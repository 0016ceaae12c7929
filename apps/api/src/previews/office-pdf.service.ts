import { fileExtension, previewKindOf } from '@portal/contracts/previews';
import { AppError } from '../platform/errors.ts';
import { convertOfficeToPdf } from './office-convert.ts';
import { SandboxUnavailableError } from './sandbox.ts';
import { conversionFailure } from './conversion-failure.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { findPreviewVersion, updateVersionPreview, type PreviewVersion } from '../modules/documents/index.ts';
import { maxPdfBytes } from './pdf-document.ts';
import { rasterScanToPdf, isRasterScan } from './raster-pdf.ts';
import { placeStoredFile, readStoredFile, storeBytes, withTempDir } from './stored-file-access.ts';

/** 422 `noPreview`: the file exists but has no preview of the kind asked for. */
export const noPreview = (message: string) => new AppError(422, 'noPreview', message);

/** What users are told: the reason (program paths, its output) is in the log and on the version. */
const notConverted = 'This document could not be converted to PDF.';

const conversions = new Map<string, Promise<string>>();

/**
 * The storage key of the PDF rendition of an Office version: cached on the version, converted now
 * when the background job has not run yet (one conversion per version at a time in this process).
 * Throws 422 `noPreview` for non-Office files, without LibreOffice, or when the conversion failed
 * (the failure is kept on the version, so a broken file is not converted again and again).
 */
export async function getOfficePdfKey(deps: PreviewDeps, version: PreviewVersion): Promise<string> {
  if (version.previewPdfKey) return version.previewPdfKey;
  if (previewKindOf(version.fileName) !== 'docs') throw noPreview('Only Office documents have a PDF rendition.');
  const soffice = deps.tools.soffice;
  const scan = isRasterScan(version.fileName);
  if (!scan && !soffice) throw noPreview('Office previews need LibreOffice, which is not installed on this server.');
  if (version.previewError) throw noPreview(notConverted);
  let conversion = conversions.get(version.id);
  if (!conversion) {
    const convert = scan ? async () => rasterScanToPdf(await bytesOf(deps, version)) : (input: string, dir: string) => convertOfficeToPdf(soffice as string, input, dir);
    conversion = convertAndStore(deps, version, convert).finally(() => conversions.delete(version.id));
    conversions.set(version.id, conversion);
  }
  return conversion;
}

/** Scans are converted in this process from their bytes; Office files by LibreOffice from a file. */
const bytesOf = (deps: PreviewDeps, version: PreviewVersion) => readStoredFile(deps.storage, version.storageKey, maxPdfBytes);

type Converter = (input: string, dir: string) => Promise<Buffer>;

async function convertAndStore(deps: PreviewDeps, version: PreviewVersion, convert: Converter): Promise<string> {
  // Another job or host may have finished it since the caller read the row.
  const fresh = await findPreviewVersion(deps.db, version.id);
  if (fresh?.previewPdfKey) return fresh.previewPdfKey;
  const pdf = await withTempDir(async (dir) => {
    const input = await placeStoredFile(deps.storage, version.storageKey, dir, `document.${fileExtension(version.fileName)}`);
    try {
      return await convert(input, dir);
    } catch (error) {
      const failure = conversionFailure(error);
      deps.log.warn({ versionId: version.id, err: failure.logged }, 'Office to PDF conversion failed');
      // A missing sandbox is this server's state, not the file's: it is converted once there is one.
      if (!(error instanceof SandboxUnavailableError)) await updateVersionPreview(deps.db, version.id, { previewError: failure.reason });
      throw noPreview(notConverted);
    }
  });
  const key = await storeBytes(deps.storage, pdf);
  await updateVersionPreview(deps.db, version.id, { previewPdfKey: key });
  return key;
}
