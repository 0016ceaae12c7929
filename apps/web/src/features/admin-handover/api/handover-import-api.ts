import { queryOptions } from '@tanstack/react-query';
import type { HandoverImportMetadata, HandoverImportReport } from '@portal/contracts/handover';
import type { AdminProductList } from '@portal/contracts/retention';
import type { UploadProgress } from '../../../lib/api-client/api-client';
import { apiClient } from '../../../lib/api-client/client';
import { multipartForm } from '../../../lib/api-client/multipart-form';

/** GET /api/Admin/products: the products a handover can be taken into. */
export const handoverProductsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'products'], queryFn: ({ signal }) => apiClient.get<AdminProductList>('/api/Admin/products', { signal, notifyOnError: false }) });

/** POST /api/Admin/handover-imports: the documentation container or AASX for a product or a unit; answers the report. */
export function uploadHandover(metadata: HandoverImportMetadata, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<HandoverImportReport> {
  return apiClient.upload('/api/Admin/handover-imports', multipartForm(metadata, [file]), { onProgress, signal, notifyOnError: false });
}
