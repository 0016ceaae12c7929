import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paperRequestStateSchema, type PaperRequestState } from '@portal/contracts/paper-requests';

export interface PaperRequestView {
  state: PaperRequestState | null;
  overdueOnly: boolean;
  page: number;
}

/** The queue's view from the address (`?state=printed&overdue=true&page=2`); anything unknown reads as unset. */
export function parsePaperRequestView(params: URLSearchParams): PaperRequestView {
  const state = paperRequestStateSchema.safeParse(params.get('state'));
  const page = Number(params.get('page'));
  return {
    state: state.success ? state.data : null,
    overdueOnly: params.get('overdue') === 'true',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function toPaperRequestParams({ state, overdueOnly, page }: PaperRequestView): URLSearchParams {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (overdueOnly) params.set('overdue', 'true');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The queue's filters and page, kept in the address so the console home can link to the overdue ones. */
export function usePaperRequestView(): [PaperRequestView, (patch: Partial<PaperRequestView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parsePaperRequestView(params), [params]);
  const update = useCallback(
    // A filter change starts again at page 1.
    (patch: Partial<PaperRequestView>) => setParams((current) => toPaperRequestParams({ ...parsePaperRequestView(current), page: 1, ...patch })),
    [setParams],
  );
  return [view, update];
}
