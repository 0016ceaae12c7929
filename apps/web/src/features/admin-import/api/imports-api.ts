import { queryOptions } from '@tanstack/react-query';
import type { AdminImport, AdminImportMetadata, AdminImportPage, AdminImportStatus, AdminImportSummary, ImportedDocuments, ImportPreviewBody, ImportPublicationBody } from '@portal/contracts/admin-import';
import type { PublishDocumentsResult } from '@portal/contracts/admin-documents';
import type { UploadProgress } from '../../../lib/api-client/api-client';
import { apiClient } from '../../../lib/api-client/client';
import { multipartForm } from '../../../lib/api-client/multipart-form';
import { saveBlob } from '../../../lib/download/download-file';
import type { ImportSelection } from '../utils/import-selection';

const importsKey = ['admin', 'imports'] as const;
const pollMs = 1_000;

export const isFinished = (status: AdminImportStatus) => status === 'done' || status === 'failed';

function importForm(selection: ImportSelection, options: { dryRun: boolean; publication: ImportPublicationBody }) {
  const metadata: AdminImportMetadata =
    selection.kind === 'zip'
      ? { kind: 'zip', ...options }
      : { kind: 'folder', ...options, paths: selection.entries.map((entry) => entry.path), ...(selection.name ? { source: selection.name } : {}) };
  const files = selection.kind === 'zip' ? [selection.file] : selection.entries.map((entry) => entry.file);
  return multipartForm(metadata, files);
}

/** POST /api/Admin/imports: the zip, or the folder's files after the list of their paths; answers the queued import. */
export function uploadImport(selection: ImportSelection, publication: ImportPublicationBody, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminImportSummary> {
  return apiClient.upload('/api/Admin/imports', importForm(selection, { dryRun: false, publication }), { onProgress, signal, notifyOnError: false });
}

/** The dry run: the same upload with `dryRun`, answered with what the import would do; the server creates nothing. */
export function previewImport(selection: ImportSelection, onProgress: UploadProgress, signal?: AbortSignal): Promise<ImportPreviewBody> {
  return apiClient.upload('/api/Admin/imports', importForm(selection, { dryRun: true, publication: 'draft' }), { onProgress, signal, notifyOnError: false });
}

/** GET /api/Admin/imports/{id}/documents: the documents an import created, with their state (the review list). */
export const importedDocumentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...importsKey, 'documents', id],
    queryFn: ({ signal }) => apiClient.get<ImportedDocuments>(`/api/Admin/imports/${encodeURIComponent(id)}/documents`, { signal }),
  });

/** POST /api/Admin/documents/publish: the review list's selection published in one step. */
export function publishDocuments(ids: string[]): Promise<PublishDocumentsResult> {
  return apiClient.post('/api/Admin/documents/publish', { body: { ids }, notifyOnError: false });
}

/** GET /api/Admin/imports/{id}, asked again every second until the import has finished. */
export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...importsKey, 'one', id],
    queryFn: ({ signal }) => apiClient.get<AdminImport>(`/api/Admin/imports/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : pollMs),
  });

/** GET /api/Admin/imports: the latest imports, kept current while any of them runs. */
export const recentImportsQueryOptions = (pageSize = 10) =>
  queryOptions({
    queryKey: [...importsKey, 'recent', pageSize],
    queryFn: ({ signal }) => apiClient.get<AdminImportPage>('/api/Admin/imports', { signal, query: { pageSize } }),
    refetchInterval: (query) => (query.state.data?.items.some((item) => !isFinished(item.status)) ? pollMs * 5 : false),
  });

export const importsQueryKey = importsKey;

/** GET /api/Admin/imports/{id}/report.csv with the user's token, saved as a file. */
export async function downloadImportReport(id: string): Promise<void> {
  const blob = await apiClient.get<Blob>(`/api/Admin/imports/${encodeURIComponent(id)}/report.csv`, { responseType: 'blob' });
  saveBlob(blob, `import-${id}.csv`);
}
