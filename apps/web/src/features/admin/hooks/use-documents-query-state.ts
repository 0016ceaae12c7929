import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeDocumentsQueryState,
  parseDocumentsQueryState,
  toDocumentsSearchParams,
  type DocumentsQueryState,
} from '../utils/documents-query-state';

/** The document table's query, kept in the URL so back, reload and a pasted link restore the same view. */
export function useDocumentsQueryState(): [DocumentsQueryState, (patch: Partial<DocumentsQueryState>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDocumentsQueryState(params), [params]);
  const update = useCallback(
    (patch: Partial<DocumentsQueryState>, { replace = false }: { replace?: boolean } = {}) =>
      setParams((current) => toDocumentsSearchParams(changeDocumentsQueryState(parseDocumentsQueryState(current), patch)), { replace }),
    [setParams],
  );
  return [state, update];
}
