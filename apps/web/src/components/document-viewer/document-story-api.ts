import { queryOptions } from '@tanstack/react-query';
import type { DocumentData, PortalDocument } from '@portal/contracts/documents';
import { apiClient } from '../../lib/api-client/client';
import type { DocumentLinkRef } from '../../lib/documents/document-link-ref';

/**
 * GET documentData: number, type, language, revisions and variants of a document. The viewer
 * shows them as extras, so a failure shows no toast: the header then has the title only.
 */
export function getDocumentData(documentId: string, signal?: AbortSignal): Promise<DocumentData> {
  return apiClient.get('/api/Content/documentData', { query: { documentId }, notifyOnError: false, signal });
}

export const documentDataQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: ['documents', 'data', documentId],
    queryFn: ({ signal }) => getDocumentData(documentId, signal),
    staleTime: 30 * 1000,
    retry: false,
  });

/** GET documentByServiceRef; callers map failures themselves (spec §8), so no generic toast. */
export function getDocumentByServiceRef(ref: DocumentLinkRef, signal?: AbortSignal): Promise<PortalDocument> {
  return apiClient.get('/api/Content/documentByServiceRef', {
    query: { serviceRef: ref.serviceRef, resourceVersion: ref.resourceVersion },
    notifyOnError: false,
    signal,
  });
}
