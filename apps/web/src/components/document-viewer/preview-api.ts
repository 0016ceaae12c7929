import type { PdfPreviewResponse } from '@portal/contracts/documents';
import type { ModelPreviewResponse, VideoPreviewResponse } from '@portal/contracts/previews';
import { apiClient } from '../../lib/api-client/client';
import { applicationId, resolveServerUrl } from '../../lib/api-client/server-url';
import type { ViewerDocument } from '../../lib/documents/viewer-document';

// The viewer shows a failed preview in its body (issue 32), so none of these calls shows the generic toast.

/** GET pdfPreview: a signed inline URL of the PDF (or, for an image, of the image itself), of the version shown. */
export async function fetchPdfPreviewUrl(document: ViewerDocument, signal?: AbortSignal): Promise<string> {
  const { downloadUrl } = await apiClient.get<PdfPreviewResponse>('/api/Content/pdfPreview', {
    query: { applicationId: applicationId(), documentId: document.id, versionId: document.versionId },
    notifyOnError: false,
    signal,
  });
  return resolveServerUrl(downloadUrl);
}

/** GET documentPreview: the PDF rendition of an Office document, as bytes. */
export async function fetchDocumentPreview(document: ViewerDocument, signal?: AbortSignal): Promise<Blob> {
  return apiClient.get<Blob>('/api/Content/documentPreview', {
    query: { applicationId: applicationId(), documentId: document.id, documentName: document.fileName },
    responseType: 'blob',
    notifyOnError: false,
    signal,
  });
}

/** GET videoPreview: the URL of a player page made for an iframe. */
export async function fetchVideoPlayerUrl(document: ViewerDocument, signal?: AbortSignal): Promise<string> {
  const url = await apiClient.get<VideoPreviewResponse>('/api/Content/videoPreview', {
    query: { videoName: document.fileName, applicationId: applicationId(), documentId: document.id },
    notifyOnError: false,
    signal,
  });
  return resolveServerUrl(url);
}

/**
 * GET modelPreview: the signed URL of a CAD model's GLB, with its size; 404 while there is none. Of the
 * shown version (`versionId` of a link to an older one), or of `versionId` (an earlier version compared).
 */
export async function fetchModelPreview(document: ViewerDocument, signal?: AbortSignal, versionId = document.versionId): Promise<ModelPreviewResponse> {
  const preview = await apiClient.get<ModelPreviewResponse>('/api/Content/modelPreview', {
    query: { documentId: document.id, ...(versionId ? { versionId } : {}) },
    notifyOnError: false,
    signal,
  });
  return { ...preview, data: resolveServerUrl(preview.data) };
}
