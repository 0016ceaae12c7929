import { useCallback } from 'react';
import { signedUrlBlob } from '../../lib/download/download-sources';
import { useFileDownload } from '../../lib/download/use-file-download';
import { requestDownloadUrl } from './download-api';
import type { ViewerDocument } from '../../lib/documents/viewer-document';

type Downloadable = Pick<ViewerDocument, 'id' | 'fileName' | 'versionId'>;

/**
 * Issue #4 download: POST download for a signed URL, fetch it as a blob with progress (a
 * notification for large files), then save it under the document's file name.
 */
export function useDownloadDocument() {
  const { download, progress, downloading } = useFileDownload();
  const downloadDocument = useCallback(
    (document: Downloadable) =>
      download({ id: `download-${document.id}`, fileName: document.fileName, fetchBlob: signedUrlBlob(() => requestDownloadUrl(document.id, document.versionId)) }),
    [download],
  );
  return { download: downloadDocument, progress, downloading };
}
