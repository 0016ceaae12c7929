import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminDocumentListResponse } from '@portal/contracts/admin-document-list';
import type { AdminDocument, UpdateDocumentBody } from '@portal/contracts/admin-documents';
import { apiClient } from '../../../lib/api-client/client';
import { queryClient } from '../../../lib/query-client';
import { toListQuery, type DocumentsQueryState } from '../utils/documents-query-state';

/** GET /api/Admin/documents: one page of the console's table. */
export function getAdminDocuments(state: DocumentsQueryState, signal?: AbortSignal): Promise<AdminDocumentListResponse> {
  return apiClient.get('/api/Admin/documents', { query: toListQuery(state), signal });
}

export const adminDocumentsQueryOptions = (state: DocumentsQueryState) =>
  queryOptions({
    queryKey: ['admin', 'documents', 'list', state],
    queryFn: ({ signal }) => getAdminDocuments(state, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 10 * 1000,
  });

export const adminDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'documents', 'one', id],
    queryFn: ({ signal }) => apiClient.get<AdminDocument>(`/api/Admin/documents/${encodeURIComponent(id)}`, { signal }),
  });

/** After any change: the table and the changed documents load again. */
export function invalidateAdminDocuments(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['admin', 'documents'] });
}

/** POST /api/Admin/documents/:id/publish or /unpublish. */
export function setDocumentState(id: string, action: 'publish' | 'unpublish'): Promise<AdminDocument> {
  return apiClient.post(`/api/Admin/documents/${encodeURIComponent(id)}/${action}`, { notifyOnError: false });
}

/** PATCH /api/Admin/documents/:id: only the given fields change. */
export function updateAdminDocument(id: string, changes: UpdateDocumentBody): Promise<AdminDocument> {
  return apiClient.request('PATCH', `/api/Admin/documents/${encodeURIComponent(id)}`, { body: changes, notifyOnError: false });
}
