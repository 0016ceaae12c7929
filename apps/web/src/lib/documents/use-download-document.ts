import { useCallback, useRef, useState } from 'react';
import { showErrorToast } from '../api-client/error-toast';
import { ApiError } from '../api-client/api-error';
import { isAbortError } from '../cancellation';
import { requestDownloadUrl } from './download-api';
import { fetchBlobWithProgress, saveBlob, type DownloadProgress } from './download-file';
import { downloadProgressNotification } from './download-notification';
import type { ViewerDocument } from './viewer-document';

type Downloadable = Pick<ViewerDocument, 'id' | 'fileName'>;

/**
 * Issue #4 download: POST download for a signed URL, fetch it as a blob with progress (a
 * notification for large files), then save it under the document's file name.
 */
export function useDownloadDocument() {
  const [downloading, setDownloading] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef(false);

  const download = useCallback(async (document: Downloadable): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setDownloading(true);
    const notification = downloadProgressNotification(`download-${document.id}-${Date.now()}`, document.fileName);
    try {
      const url = await requestDownloadUrl(document.id);
      const blob = await fetchBlobWithProgress(url, (next) => {
        setProgress(next);
        notification.update(next);
      });
      saveBlob(blob, document.fileName);
      notification.done();
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
