import type { PortalDocument } from '@portal/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client/client';
import type { DocumentLinkRef } from '../../../lib/documents/document-link-ref';

/** GET documentByServiceRef; the page maps every failure itself (spec §8), so no generic toast. */
export function getDocumentByServiceRef(ref: DocumentLinkRef, signal?: AbortSignal): Promise<PortalDocument> {
  return apiClient.get('/api/Content/documentByServiceRef', {
    query: { serviceRef: ref.serviceRef, resourceVersion: ref.resourceVersion },
    notifyOnError: false,
    signal,
  });
}

export function useDocumentByServiceRef(ref: DocumentLinkRef | null) {
  return useQuery({
    queryKey: ['documents', 'byServiceRef', ref?.serviceRef, ref?.resourceVersion ?? null],
    queryFn: ({ signal }) => getDocumentByServiceRef(ref as DocumentLinkRef, signal),
    enabled: ref !== null,
    retry: false,
    // Access can change at any time: check again on every visit.
    gcTime: 0,
  });
}
