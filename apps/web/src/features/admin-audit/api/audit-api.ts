import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditAction, AuditPage, AuditVerify } from '@portal/contracts/audit';
import { apiClient } from '../../../lib/api-client/client';
import { saveBlob } from '../../../lib/download/download-file';

/** The filters of the audit log as the page holds them; empty ones are left out of the query. */
export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  objectKind: string;
  objectId: string;
  /** ISO times, or empty. */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: '', action: '', objectKind: '', objectId: '', from: '', to: '' };

/** The query parameters of the filters that are set. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value.trim()]).filter(([, value]) => value !== ''));
}

export const auditPageSize = 50;

/** GET /api/Admin/audit: one page, newest first, older than `cursor`. The page shows its own errors. */
export function getAuditPage(filters: AuditFilters, cursor: number | undefined, signal?: AbortSignal): Promise<AuditPage> {
  return apiClient.get('/api/Admin/audit', {
    signal,
    notifyOnError: false,
    query: { ...auditQuery(filters), pageSize: auditPageSize, ...(cursor ? { cursor } : {}) },
  });
}

export const auditPageQueryOptions = (filters: AuditFilters, cursor: number | undefined) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters, cursor ?? null],
    queryFn: ({ signal }) => getAuditPage(filters, cursor, signal),
    placeholderData: keepPreviousData,
  });

/** The export's file name, as the server names it: `audit-log-2026-11-24T13-05-00.csv`. */
export const auditExportFileName = (now = new Date()) => `audit-log-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.csv`;

/** GET /api/Admin/audit/export with the filters, with the user's token, saved as a CSV file. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const blob = await apiClient.get<Blob>('/api/Admin/audit/export', { query: auditQuery(filters), responseType: 'blob' });
  saveBlob(blob, auditExportFileName());
}

/** GET /api/Admin/audit/verify: intact, or the first entry that breaks the chain. */
export function verifyAuditChain(): Promise<AuditVerify> {
  return apiClient.get('/api/Admin/audit/verify');
}
