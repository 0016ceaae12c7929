import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotice,
  CreateNoticeBody,
  NoticeTranslationBody,
  UnitImportResponse,
  UnitListResponse,
  UnitSummary,
  UpdateUnitBody,
} from '@portal/contracts/units';
import { apiClient } from '../../../lib/api-client/client';

export interface UnitListFilter {
  q: string;
  page: number;
  pageSize: number;
}

const unitsKey = ['admin', 'units'] as const;
const noticesKey = ['admin', 'units', 'notices'] as const;

/** GET /api/Admin/units: one page of every unit; an empty search is left out. */
export function getAdminUnits({ q, page, pageSize }: UnitListFilter, signal?: AbortSignal): Promise<UnitListResponse> {
  return apiClient.get('/api/Admin/units', { signal, query: { page, pageSize, ...(q.trim() ? { q: q.trim() } : {}) } });
}

export const adminUnitsQueryOptions = (filter: UnitListFilter) =>
  queryOptions({ queryKey: [...unitsKey, 'list', filter], queryFn: ({ signal }) => getAdminUnits(filter, signal), placeholderData: keepPreviousData });

/** PATCH /api/Admin/units/{serial}: the caller shows the refusal under its form. */
export function useUpdateUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serial, changes }: { serial: string; changes: UpdateUnitBody }) =>
      apiClient.request<UnitSummary>('PATCH', `/api/Admin/units/${encodeURIComponent(serial)}`, { body: changes, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: unitsKey }),
  });
}

/** POST /api/Admin/units/import: the CSV as text/csv whatever type the browser gave the file. */
export function useImportUnits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) =>
      apiClient.post<UnitImportResponse>('/api/Admin/units/import', { body: new Blob([await file.text()], { type: 'text/csv' }), notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: unitsKey }),
  });
}

export const noticesQueryOptions = () =>
  queryOptions({ queryKey: noticesKey, queryFn: ({ signal }) => apiClient.get<AdminNotice[]>('/api/Admin/units/notices', { signal }) });

/** The notice as the form gives it: the server fills in the defaults. */
export type NoticeDraft = Omit<CreateNoticeBody, 'body' | 'serialFrom' | 'serialTo' | 'options' | 'language' | 'translations'> & Partial<CreateNoticeBody>;

export function useCreateNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notice: NoticeDraft) => apiClient.post<AdminNotice>('/api/Admin/units/notices', { body: notice, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: unitsKey }),
  });
}

export function useCloseNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<AdminNotice>(`/api/Admin/units/notices/${encodeURIComponent(id)}/close`),
    onSettled: () => client.invalidateQueries({ queryKey: unitsKey }),
  });
}

/** PUT /api/Admin/units/notices/{id}/translations/{language}: adds or replaces the notice's text in one language. */
export function useTranslateNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, language, text }: { id: string; language: string; text: NoticeTranslationBody }) =>
      apiClient.put<AdminNotice>(`/api/Admin/units/notices/${encodeURIComponent(id)}/translations/${encodeURIComponent(language)}`, { body: text, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: noticesKey }),
  });
}
