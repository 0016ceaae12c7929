import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isCompressible, safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import { ZipFile } from '../../platform/delivery/zip-file.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { placeStoredFile } from '../../previews/stored-file-access.ts';
import { convertToPdfA, isPdfA } from './pdfa.ts';
import { hasPictureRendition, writePicturePdf } from './picture-pdf.ts';
import { metadataXml, type MetadataFacts } from './vdi2770-xml.ts';

/*
 * One document container of the VDI 2770 export (VDI 2770 Blatt 1:2020, §5): a zip holding the document's
 * file as PDF/A-2b and, for an Office document or a picture (JPEG, PNG), the original beside its PDF rendition, with
 * VDI2770_Metadata.xml.
 */

export const metadataFileName = 'VDI2770_Metadata.xml';
const pdfType = 'application/pdf';
/** The name of a file's PDF rendition: its own with `.pdf`. */
const pdfNameOf = (name: string) => safeFileName(`${name.replace(/\.[^.]*$/, '')}.pdf`);

/** What goes into one document container: the version's stored file and, for Office files, its PDF preview. */
export interface ContainerSource {
  facts: Omit<MetadataFacts, 'files'>;
  fileName: string;
  mediaType: string;
  storageKey: string;
  previewPdfKey: string | null;
}

export interface ContainerResult {
  path: string;
  /** What the container's report lists about this document (a PDF kept as it was, a file without PDF). */
  problems: string[];
}

/** The PDF at `original` as PDF/A in `dir`: kept when PDF/A already, converted otherwise, kept as it was (and reported) when ghostscript cannot. */
export async function asPdfA(gs: string | null, original: string, dir: string, name: string, problems: string[]): Promise<string> {
  if (await isPdfA(original)) return original;
  if (!gs) {
    problems.push(`${name}: exported as it is, not as PDF/A (ghostscript is not installed)`);
    return original;
  }
  const converted = join(dir, `pdfa-${name}`);
  try {
    await convertToPdfA(gs, original, converted, dir);
    return converted;
  } catch (error) {
    problems.push(`${name}: exported as it is, not as PDF/A (ghostscript could not convert it: ${error instanceof Error ? error.message : String(error)})`);
    return original;
  }
}

/** A picture's entries: its PDF rendition as PDF/A beside the original, or the original alone (reported) when it cannot be drawn. */
async function pictureEntries(gs: string | null, original: string, mediaType: string, name: string, dir: string, problems: string[]) {
  const pdfName = pdfNameOf(name);
  const rendition = join(dir, `picture-${pdfName}`);
  const originalEntry = { name, path: original, mediaType };
  try {
    await writePicturePdf(original, mediaType, rendition);
  } catch (error) {
    problems.push(`${name}: exported without a PDF rendition (the picture could not be drawn: ${error instanceof Error ? error.message : String(error)})`);
    return [originalEntry];
  }
  return [{ name: pdfName, path: await asPdfA(gs, rendition, dir, pdfName, problems), mediaType: pdfType }, originalEntry];
}

/** Writes the document container for `source` into `dir` (a private temporary folder) and says where. */
export async function writeDocumentContainer(gs: string | null, storage: FileStorage, source: ContainerSource, dir: string): Promise<ContainerResult> {
  const problems: string[] = [];
  const name = safeFileName(source.fileName);
  const entries: Array<{ name: string; path: string; mediaType: string }> = [];
  const original = await placeStoredFile(storage, source.storageKey, dir, `original-${name}`);
  if (source.mediaType === pdfType) {
    entries.push({ name, path: await asPdfA(gs, original, dir, name, problems), mediaType: pdfType });
  } else if (source.previewPdfKey) {
    const pdfName = pdfNameOf(name);
    const preview = await placeStoredFile(storage, source.previewPdfKey, dir, `preview-${pdfName}`);
    entries.push({ name: pdfName, path: await asPdfA(gs, preview, dir, pdfName, problems), mediaType: pdfType });
    entries.push({ name, path: original, mediaType: source.mediaType });
  } else if (hasPictureRendition(source.mediaType)) {
    entries.push(...(await pictureEntries(gs, original, source.mediaType, name, dir, problems)));
  } else {
    problems.push(`${name}: exported without a PDF rendition (${source.mediaType} has none)`);
    entries.push({ name, path: original, mediaType: source.mediaType });
  }
  const zip = new ZipFile();
  const path = join(dir, 'container.zip');
  const written = pipeline(zip.outputStream, createWriteStream(path));
  for (const entry of entries) zip.addFile(entry.path, entry.name, { compress: isCompressible(entry.name, entry.mediaType) });
  zip.addBuffer(Buffer.from(metadataXml({ ...source.facts, files: entries.map((entry) => ({ name: entry.name, mediaType: entry.mediaType })) })), metadataFileName);
  zip.end();
  await written;
  return { path, problems };
}
