import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { downloadKinds, type DownloadKind } from '@portal/contracts/download-kinds';

export interface HistoryState {
  kind: DownloadKind | null;
  page: number;
}

/** The history's kind filter and page, in the URL (`?kind=&page=`); a new filter starts at page 1. */
export function useHistoryState(): [HistoryState, (patch: Partial<HistoryState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo((): HistoryState => {
    const kind = downloadKinds.find((known) => known === params.get('kind')) ?? null;
    const page = Number(params.get('page'));
    return { kind, page: Number.isInteger(page) && page >= 1 ? page : 1 };
  }, [params]);
  const update = useCallback(
    (patch: Partial<HistoryState>) => {
      const next = { ...state, ...patch, page: 'page' in patch ? (patch.page ?? 1) : 1 };
      const search = new URLSearchParams();
      if (next.kind) search.set('kind', next.kind);
      if (next.page > 1) search.set('page', String(next.page));
      setParams(search);
    },
    [state, setParams],
  );
  return [state, update];
}
