import type { Readable } from 'node:stream';
import { isCompressible } from '../../platform/content-kinds/zip-entries.ts';
import { ZipFile } from '../../platform/delivery/zip-file.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { PackageContents } from './package-contents.ts';
import { packageIndexHtml, packageManifest, type PackageHeader } from './package-index.ts';
import { packageReadme } from './package-readme.ts';

/**
 * Streams the offline package: README.txt, index.html and manifest.json first (small, in memory), then each
 * document, opened from storage only when the zip writer reaches it, so memory stays flat.
 */
export function packageZipStream(storage: FileStorage, header: PackageHeader, contents: PackageContents): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(packageReadme(header, contents)), 'README.txt');
  zip.addBuffer(Buffer.from(packageIndexHtml(header, contents)), 'index.html');
  zip.addBuffer(Buffer.from(`${JSON.stringify(packageManifest(header, contents), null, 2)}\n`), 'manifest.json');
  for (const { path, version } of contents.files) {
    zip.addStoredFile(path, storage, version.storageKey, { size: Number(version.size), compress: isCompressible(version.fileName, version.mediaType) });
  }
  return zip.finishedStream();
}
