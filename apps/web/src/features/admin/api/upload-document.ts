import type { AdminDocument, CreateDocumentMetadata, NewVersionMetadata } from '@portal/contracts/admin-documents';
import { uploadWithProgress, type UploadProgress } from '../../../components/upload/upload-with-progress';

/** The metadata the console sends: the server fills in every default. */
export type NewDocumentMetadata = Pick<CreateDocumentMetadata, 'serviceRef' | 'title' | 'typeCode' | 'languageCode'> & Partial<CreateDocumentMetadata>;
export type VersionUpload = Pick<NewVersionMetadata, 'resourceVersion'> & Partial<NewVersionMetadata>;

/** POST /api/Admin/documents: a new document and its first version. */
export function uploadNewDocument(metadata: NewDocumentMetadata, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminDocument> {
  return uploadWithProgress('/api/Admin/documents', metadata, [file], onProgress, signal);
}

/** POST /api/Admin/documents/:id/versions: a new version that becomes the current one. */
export function uploadNewVersion(id: string, metadata: VersionUpload, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminDocument> {
  return uploadWithProgress(`/api/Admin/documents/${encodeURIComponent(id)}/versions`, metadata, [file], onProgress, signal);
}
