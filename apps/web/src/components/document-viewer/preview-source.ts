import { useQuery } from '@tanstack/react-query';
import { fetchDocumentPreview, fetchModelPreview, fetchPdfPreviewUrl, fetchVideoPlayerUrl } from './preview-api';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import { viewerTypeOf, type ViewerType } from './viewer-type';

export type PreviewSource =
  | { type: 'pdf'; url: string }
  | { type: 'docs'; blob: Blob }
  | { type: 'video'; url: string }
  | { type: 'image'; url: string }
  | { type: 'model'; url: string }
  | { type: 'other' };

/** What each viewer type is shown from (spec §2, §7). */
export async function loadPreviewSource(document: ViewerDocument, type: ViewerType, signal?: AbortSignal): Promise<PreviewSource> {
  switch (type) {
    case 'pdf':
      return { type, url: await fetchPdfPreviewUrl(document, signal) };
    case 'docs':
      return { type, blob: await fetchDocumentPreview(document, signal) };
    case 'video':
      return { type, url: await fetchVideoPlayerUrl(document, signal) };
    case 'image':
      // pdfPreview answers an image with a signed inline URL of the image itself.
      return { type, url: await fetchPdfPreviewUrl(document, signal) };
    case 'model':
      return { type, url: (await fetchModelPreview(document, signal)).data };
    case 'other':
      return { type };
  }
}

/**
 * The preview source of a document, fetched when the viewer opens. Signed URLs are short-lived,
 * so nothing is kept once the viewer closes.
 */
export function usePreviewSource(document: ViewerDocument) {
  const type = viewerTypeOf(document.fileName);
  return useQuery({
    queryKey: ['documents', 'preview', document.id, document.versionId ?? 'current', type],
    queryFn: ({ signal }) => loadPreviewSource(document, type, signal),
    enabled: type !== 'other',
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
