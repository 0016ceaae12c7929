import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDocumentByServiceRef } from '../../../components/document-viewer/document-story-api';
import type { DocumentLinkRef } from '../../../lib/documents/document-link-ref';

export function useDocumentByServiceRef(ref: DocumentLinkRef | null) {
  return useQuery({
    queryKey: ['documents', 'byServiceRef', ref?.serviceRef, ref?.resourceVersion ?? null],
    queryFn: ({ signal }) => getDocumentByServiceRef(ref as DocumentLinkRef, signal),
    enabled: ref !== null,
    retry: false,
    // Access can change at any time: check again on every visit.
    gcTime: 0,
    // Switching revision or language in the viewer changes the link: the viewer stays open meanwhile.
    placeholderData: keepPreviousData,
  });
}
