import type { DownloadableFile } from '@portal/contracts/downloads';
import type { StoredFileColumns } from '../db/schema.ts';

/** The API shape of a stored software, CAD or library file (the storage key stays on the server). */
export function presentFile(row: StoredFileColumns): DownloadableFile {
  return { id: row.id, fileName: row.fileName, size: Number(row.size), sha256: row.sha256, mediaType: row.mediaType };
}

export function totalSize(files: ReadonlyArray<{ size: number }>): number {
  return files.reduce((sum, file) => sum + Number(file.size), 0);
}

/** The files of one version or set as the API lists them, with their total size. */
export function presentFileList(rows: readonly StoredFileColumns[]): { files: DownloadableFile[]; totalSize: number } {
  return { files: rows.map(presentFile), totalSize: totalSize(rows) };
}
