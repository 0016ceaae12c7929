import type { PaperRequest, PaperRequestBody } from '@portal/contracts/paper-requests';
import { apiClient } from '../../../lib/api-client/client';

/** POST /api/Units/:serial/paper-requests: the unit's instructions on paper (errors shown in the dialog). */
export function requestPaperInstructions(serial: string, body: PaperRequestBody): Promise<PaperRequest> {
  return apiClient.post(`/api/Units/${encodeURIComponent(serial)}/paper-requests`, { body, notifyOnError: false });
}
