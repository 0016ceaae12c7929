import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCadLibrary,
  AdminCadLibraryList,
  AdminSoftwareItem,
  AdminSoftwareList,
  CatalogueImportReport,
  CreateSoftwareItemBody,
  NewCadLibraryVersionMetadata,
  NewSoftwareVersionMetadata,
  UpdateSoftwareVersionBody,
} from '@portal/contracts/admin-software';
import type { UploadProgress } from '../../../lib/api-client/api-client';
import { apiClient } from '../../../lib/api-client/client';
import { multipartForm } from '../../../lib/api-client/multipart-form';

const softwareKey = ['admin', 'software'] as const;
const librariesKey = ['admin', 'cad', 'libraries'] as const;

/** GET /api/Admin/software: every item, whatever its audience, with its versions. */
export const adminSoftwareQueryOptions = () =>
  queryOptions({ queryKey: softwareKey, queryFn: ({ signal }) => apiClient.get<AdminSoftwareList>('/api/Admin/software', { signal }) });

/** GET /api/Admin/cad/libraries: every partner library with its versions. */
export const adminCadLibrariesQueryOptions = () =>
  queryOptions({ queryKey: librariesKey, queryFn: ({ signal }) => apiClient.get<AdminCadLibraryList>('/api/Admin/cad/libraries', { signal }) });

const itemPath = (itemId: string) => `/api/Admin/software/${encodeURIComponent(itemId)}`;

/** The fields of a new item the form sends: the server fills in the other defaults. */
export type NewSoftwareItem = Pick<CreateSoftwareItemBody, 'equipmentName' | 'name' | 'category'> & Partial<CreateSoftwareItemBody>;

/** POST /api/Admin/software: the caller shows the refusal under its form. */
export function useCreateSoftwareItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSoftwareItem) => apiClient.post<AdminSoftwareItem>('/api/Admin/software', { body, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: softwareKey }),
  });
}

/** PATCH /api/Admin/software/{itemId}/versions/{versionId}: status, audience (withdrawing) and the other fields. */
export function useUpdateSoftwareVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, versionId, changes }: { itemId: string; versionId: string; changes: UpdateSoftwareVersionBody }) =>
      apiClient.request<AdminSoftwareItem>('PATCH', `${itemPath(itemId)}/versions/${encodeURIComponent(versionId)}`, { body: changes }),
    onSettled: () => client.invalidateQueries({ queryKey: softwareKey }),
  });
}

/** The version metadata the form sends: the server fills in every default. */
export type SoftwareVersionUpload = Pick<NewSoftwareVersionMetadata, 'versionNumber' | 'releaseDate' | 'status'> & Partial<NewSoftwareVersionMetadata>;
export type LibraryVersionUpload = Pick<NewCadLibraryVersionMetadata, 'version' | 'releaseDate'> & Partial<NewCadLibraryVersionMetadata>;

/** POST /api/Admin/software/{itemId}/versions: the metadata, then the files, with upload progress. */
export function uploadSoftwareVersion(itemId: string, metadata: SoftwareVersionUpload, files: readonly File[], onProgress: UploadProgress): Promise<AdminSoftwareItem> {
  return apiClient.upload(`${itemPath(itemId)}/versions`, multipartForm(metadata, files), { onProgress, notifyOnError: false });
}

/** POST /api/Admin/cad/libraries/{libraryId}/versions: the metadata, then the files, with upload progress. */
export function uploadLibraryVersion(libraryId: string, metadata: LibraryVersionUpload, files: readonly File[], onProgress: UploadProgress): Promise<AdminCadLibrary> {
  return apiClient.upload(`/api/Admin/cad/libraries/${encodeURIComponent(libraryId)}/versions`, multipartForm(metadata, files), { onProgress, notifyOnError: false });
}

/** After an upload: the lists show the new version. */
export function useInvalidateAdminContent() {
  const client = useQueryClient();
  return {
    software: () => client.invalidateQueries({ queryKey: softwareKey }),
    libraries: () => client.invalidateQueries({ queryKey: librariesKey }),
  };
}

/**
 * POST /api/Admin/cad/catalogue with the file as multipart: a dry run only checks it and answers
 * the report; a refusal (400) lists every problem in its details. Without `allowRemovals`, removing
 * a model that has CAD files is a problem.
 */
export function importCatalogue(file: File, dryRun: boolean, allowRemovals: boolean): Promise<CatalogueImportReport> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.post('/api/Admin/cad/catalogue', { body, query: { dryRun: String(dryRun), allowRemovals: String(allowRemovals) }, notifyOnError: false });
}
