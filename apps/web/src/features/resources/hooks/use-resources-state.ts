import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeResourcesState, parseResourcesState, toResourcesSearchParams, type ResourcesState } from '../utils/resources-url-state';

export interface UpdateOptions {
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/** The resources page state, kept in the URL so back, reload and a pasted link restore the same view. */
export function useResourcesState(): [ResourcesState, (patch: Partial<ResourcesState>, options?: UpdateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseResourcesState(params), [params]);
  const update = useCallback(
    (patch: Partial<ResourcesState>, { replace = false }: UpdateOptions = {}) =>
      setParams((current) => toResourcesSearchParams(changeResourcesState(parseResourcesState(current), patch)), { replace }),
    [setParams],
  );
  return [state, update];
}
