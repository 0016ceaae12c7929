import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api-client/api-error';
import { showErrorToast } from '../api-client/error-toast';
import { isAbortError } from '../cancellation';
import { saveBlob, type DownloadProgress } from './download-file';
import { downloadProgressNotification } from './download-notification';
import { queryClient } from '../query-client';

/** Query key prefix of the download history: every finished download makes it stale. */
export const downloadHistoryQueryKey = ['downloads', 'history'] as const;

export type BlobFetcher = (onProgress: (progress: DownloadProgress) => void) => Promise<Blob>;

export interface DownloadJob {
  /** Identifies the download (its progress notification); need not be unique over time. */
  id: string;
  /** The name the file is saved under. */
  fileName: string;
  fetchBlob: BlobFetcher;
}

/**
 * Any download of the portal (a document, a software or CAD file, a zip): fetch the bytes with
 * progress (a notification for large files), save them under the job's file name, and mark the
 * download history stale. One download at a time per hook.
 */
export function useFileDownload() {
  const [downloading, setDownloading] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef(false);

  const download = useCallback(async (job: DownloadJob): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setDownloading(true);
    const notification = downloadProgressNotification(`${job.id}-${Date.now()}`, job.fileName);
    try {
      const blob = await job.fetchBlob((next) => {
        setProgress(next);
        notification.update(next);
      });
      saveBlob(blob, job.fileName);
      notification.done();
      void queryClient.invalidateQueries({ queryKey: downloadHistoryQueryKey });
      return true;
    } catch (error) {
      notification.failed();
      // API errors were already shown by the API client; a failed file transfer was not.
      if (!(error instanceof ApiError) && !isAbortError(error)) showErrorToast(error as Error);
      return false;
    } finally {
      running.current = false;
      setDownloading(false);
      setProgress(null);
    }
  }, []);

  return { download, progress, downloading };
}

/** Whole percent of a download, or null while its size is unknown. */
export function progressPercent(progress: DownloadProgress | null): number | null {
  return progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
}
