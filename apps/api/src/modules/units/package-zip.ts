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
  const stream = zip.outputStream as Readable;
  zip.addBuffer(Buffer.from(packageReadme(header, contents)), 'README.txt');
  zip.addBuffer(Buffer.from(packageIndexHtml(header, contents)), 'index.html');
  zip.addBuffer(Buffer.from(`${JSON.stringify(packageManifest(header, contents), null, 2)}\n`), 'manifest.json');
  for (const file of contents.files) {
    const { version } = file;
    zip.addReadStreamLazy(file.path, { size: Number(version.size), compress: isCompressible(version.fileName, version.mediaType) }, (callback) => {
      storage.read(version.storageKey).then(
        (input) => {
          // yazl pipes the file without listening for its errors: an unreadable file would crash the process.
          input.once('error', (error) => zip.emit('error', error));
          callback(null, input);
        },
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }
  // A file that cannot be read midway ends the download with an error instead of a silently short zip.
  zip.on('error', (error: Error) => stream.destroy(error));
  zip.end();
  return stream;
}
