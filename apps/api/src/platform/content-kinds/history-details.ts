import { AppError } from '../errors.ts';
import type { DownloadRecordRow, HistoryDetails } from './content-kind.ts';

/** The details of an item that is gone or no longer visible: its recorded name and nothing to offer. */
export function goneDetails(record: DownloadRecordRow, title = record.fileName, isZip = record.fileId === null): HistoryDetails {
  return { title, itemRef: null, isZip, newerVersionAvailable: false, newestVersionLabel: null, redownload: null };
}

/** The value of an access check, or null when it refuses (403) or finds nothing (404). */
export async function allowedOrNull<T>(check: () => T | Promise<T>): Promise<T | null> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
    throw error;
  }
}

/** Whether `candidate` comes before `downloaded` in a newest-first list (a missing `downloaded` counts as older). */
export function isNewer<T extends { id: string }>(newestFirst: readonly T[], candidate: T | undefined, downloadedId: string | null): boolean {
  if (!candidate || candidate.id === downloadedId) return false;
  const downloadedIndex = newestFirst.findIndex((version) => version.id === downloadedId);
  return downloadedIndex === -1 || newestFirst.indexOf(candidate) < downloadedIndex;
}

/** The redownload call of a zip through downloadZip. */
export function zipRedownload(filePath: string): NonNullable<HistoryDetails['redownload']> {
  return { method: 'GET', url: `/api/Content/downloadZip?filePath=${encodeURIComponent(filePath)}` };
}
