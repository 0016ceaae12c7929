import type { ZipEntrySource } from './content-kind.ts';

const compressibleExtensions = new Set(['txt', 'csv', 'json', 'xml', 'svg', 'html', 'htm', 'md', 'stp', 'step', 'igs', 'iges', 'log', 'ini', 'cfg']);

/** Text-like files shrink when deflated; archives, images, video, firmware images and executables do not. */
export function isCompressible(fileName: string, mediaType: string): boolean {
  if (mediaType.startsWith('text/') || /[+/](json|xml)$/.test(mediaType)) return true;
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return compressibleExtensions.has(extension);
}

/** The entry of a stored file, named `folder/fileName` when a folder is given. */
export function zipEntry(file: { fileName: string; storageKey: string; size: number; mediaType: string }, folder?: string): ZipEntrySource {
  return {
    name: folder ? `${folder}/${file.fileName}` : file.fileName,
    storageKey: file.storageKey,
    size: Number(file.size),
    compress: isCompressible(file.fileName, file.mediaType),
  };
}

/** A file-name-safe form of a label (for zip names): letters, digits, `.`, `_`, `-`. */
export function safeFileName(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'download';
}
