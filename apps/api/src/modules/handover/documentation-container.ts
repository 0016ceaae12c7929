import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from '../../platform/delivery/zip-file.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { withTempDir } from '../../previews/stored-file-access.ts';
import { asPdfA, writeDocumentContainer, type ContainerSource } from './document-container.ts';
import { mainDocumentPdf } from './main-document-pdf.ts';
import { metadataXml, type MetadataFacts } from './vdi2770-xml.ts';

/*
 * The VDI 2770 documentation container of a unit (VDI 2770 Blatt 1:2020, §5): one document container (a zip)
 * per document version, then the main document, VDI2770_Main.pdf (the list of the documents, PDF/A) with
 * VDI2770_Main.xml (class 01-01, referring to every document), and report.txt. Each document container is
 * built in a private temporary folder only when the zip writer reaches it, and removed once sent: memory stays
 * flat and the disk holds one document at a time.
 */

export interface DocumentationSource {
  /** The main document's metadata (its files are added here). */
  main: Omit<MetadataFacts, 'files'>;
  documents: Array<ContainerSource & { containerName: string }>;
  /** Lines the report starts with (documents filed under a fallback class, for instance). */
  notes: string[];
}

const mainPdfName = 'VDI2770_Main.pdf';

type Callback = (error: unknown, stream: NodeJS.ReadableStream) => void;

/** Feeds the zip an entry built in a temporary folder, which is removed once the entry has been read. */
function fromTempDir(zip: ZipFile, name: string, build: (dir: string) => Promise<string>): void {
  // Document containers (zips of PDFs) and the main PDF are stored as they are: deflating them again gains nothing.
  zip.addReadStreamLazy(name, { compress: false }, (callback: Callback) => {
    void withTempDir(async (dir) => {
      let input: Readable;
      try {
        input = createReadStream(await build(dir));
      } catch (error) {
        callback(error, undefined as never);
        return;
      }
      // yazl pipes the entry without listening for its errors: an unreadable file would crash the process.
      input.once('error', (error) => zip.emit('error', error));
      callback(null, input);
      await finished(input).catch(() => undefined);
    }).catch((error: unknown) => zip.emit('error', error));
  });
}

export function documentationContainerStream(gs: string | null, storage: FileStorage, source: DocumentationSource): Readable {
  const zip = new ZipFile();
  const report = [...source.notes];
  for (const document of source.documents) {
    fromTempDir(zip, document.containerName, async (dir) => {
      const { path, problems } = await writeDocumentContainer(gs, storage, document, dir);
      report.push(...problems.map((problem) => `${document.containerName}: ${problem}`));
      return path;
    });
  }
  fromTempDir(zip, mainPdfName, async (dir) => {
    const original = join(dir, 'main.pdf');
    await writeFile(original, await mainDocumentPdf(source.main, source.documents));
    const problems: string[] = [];
    const path = await asPdfA(gs, original, dir, mainPdfName, problems);
    report.push(...problems);
    return path;
  });
  zip.addBuffer(Buffer.from(metadataXml({ ...source.main, files: [{ name: mainPdfName, mediaType: 'application/pdf' }] })), 'VDI2770_Main.xml');
  zip.addReadStreamLazy('report.txt', (callback: Callback) => callback(null, Readable.from([reportText(report)])));
  return zip.finishedStream();
}

/** report.txt: what the export could not hand over as the standard asks, or that nothing needs a look. */
function reportText(lines: readonly string[]): string {
  const body = lines.length === 0 ? ['Every document is in the container as PDF/A, with its VDI 2770 metadata.'] : lines.map((line) => `- ${line}`);
  return `VDI 2770 export report\n\n${body.join('\n')}\n`;
}
