import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminDocumentListResponse } from '@portal/contracts/admin-document-list';
import type { AdminDocument, UpdateDocumentBody } from '@portal/contracts/admin-documents';
import type { DocumentGrantList } from '@portal/contracts/document-grants';
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

/** The documents of one variant group (a document's language variants), or those whose title or reference contains `q`: a picker's few options. */
export const documentMatchesQueryOptions = (filter: { variantGroup: string } | { q: string }) =>
  queryOptions({
    queryKey: ['admin', 'documents', 'matches', filter],
    queryFn: ({ signal }) => apiClient.get<AdminDocumentListResponse>('/api/Admin/documents', { query: { ...filter, sort: 'title', direction: 'asc', pageSize: 50 }, signal }),
    placeholderData: keepPreviousData,
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

/** POST /api/Admin/documents/:id/publish with a future time: the document stays hidden, as `scheduled`, until then. */
export function schedulePublication(id: string, at: string): Promise<AdminDocument> {
  return apiClient.post(`/api/Admin/documents/${encodeURIComponent(id)}/publish`, { body: { at }, notifyOnError: false });
}

export const documentGrantsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'documents', 'grants', id],
    queryFn: ({ signal }) => apiClient.get<DocumentGrantList>(`/api/Admin/documents/${encodeURIComponent(id)}/grants`, { signal }),
  });

/** POST /api/Content/UserDocumentAccess: lets the user with this e-mail see the document, until `expiresAt` when given. */
export function grantDocumentAccess(id: string, mail: string, expiresAt: string | null): Promise<unknown> {
  return apiClient.post('/api/Content/UserDocumentAccess', { query: { mail, ...(expiresAt ? { expiresAt } : {}) }, body: [id], notifyOnError: false });
}

/** DELETE /api/Admin/documents/:id/grants/:mail. */
export function revokeDocumentAccess(id: string, mail: string): Promise<unknown> {
  return apiClient.delete(`/api/Admin/documents/${encodeURIComponent(id)}/grants/${encodeURIComponent(mail)}`, { notifyOnError: false });
}

/** POST /api/Admin/documents/:id/publish (now; a pending schedule is cancelled) or /unpublish. */
export function setDocumentState(id: string, action: 'publish' | 'unpublish'): Promise<AdminDocument> {
  return apiClient.post(`/api/Admin/documents/${encodeURIComponent(id)}/${action}`, { notifyOnError: false });
}

/** POST /api/Admin/documents/:id/versions/:versionId/unpublish: readers no longer see the version; staff still list it. */
export function withdrawVersion(id: string, versionId: string): Promise<AdminDocument> {
  return apiClient.post(`/api/Admin/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}/unpublish`, { notifyOnError: false });
}

/** PATCH /api/Admin/documents/:id: only the given fields change. */
export function updateAdminDocument(id: string, changes: UpdateDocumentBody): Promise<AdminDocument> {
  return apiClient.request('PATCH', `/api/Admin/documents/${encodeURIComponent(id)}`, { body: changes, notifyOnError: false });
}
