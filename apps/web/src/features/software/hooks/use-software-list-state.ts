import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeSoftwareListState, parseSoftwareListState, toSoftwareListParams, type SoftwareListState } from '../utils/software-list-state';

/** The list's text, category and page, kept in the URL so back, reload and a shared link restore the view. */
export function useSoftwareListState(): [SoftwareListState, (patch: Partial<SoftwareListState>, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSoftwareListState(params), [params]);
  const update = useCallback(
    (patch: Partial<SoftwareListState>, replace = false) =>
      setParams((current) => toSoftwareListParams(changeSoftwareListState(parseSoftwareListState(current), patch)), { replace }),
    [setParams],
  );
  return [state, update];
}
