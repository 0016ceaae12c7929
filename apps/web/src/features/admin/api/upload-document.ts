import type { AdminDocument, CreateDocumentMetadata, NewVersionMetadata } from '@portal/contracts/admin-documents';
import type { UploadProgress } from '../../../lib/api-client/api-client';
import { apiClient } from '../../../lib/api-client/client';
import { multipartForm } from '../../../lib/api-client/multipart-form';

/** The metadata the console sends: the server fills in every default. */
export type NewDocumentMetadata = Pick<CreateDocumentMetadata, 'serviceRef' | 'title' | 'typeCode' | 'languageCode'> & Partial<CreateDocumentMetadata>;
export type VersionUpload = Pick<NewVersionMetadata, 'resourceVersion'> & Partial<NewVersionMetadata>;

/** POST /api/Admin/documents: a new document and its first version. */
export function uploadNewDocument(metadata: NewDocumentMetadata, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminDocument> {
  return apiClient.upload('/api/Admin/documents', multipartForm(metadata, [file]), { onProgress, signal, notifyOnError: false });
}

/** POST /api/Admin/documents/:id/versions: a new version that becomes the current one. */
export function uploadNewVersion(id: string, metadata: VersionUpload, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminDocument> {
  return apiClient.upload(`/api/Admin/documents/${encodeURIComponent(id)}/versions`, multipartForm(metadata, [file]), { onProgress, signal, notifyOnError: false });
}
