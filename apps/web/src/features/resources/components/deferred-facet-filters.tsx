import { useMemo, type ComponentProps } from 'react';
import { useNextTaskValue } from '../../../lib/hooks/use-next-task-value';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { facetNames } from '../utils/resources-url-state';
import { FacetFilters } from './facet-filters';

type Facets = NonNullable<ComponentProps<typeof FacetFilters>['facets']>;

/**
 * The facets, drawn after the cards of the answer that brings them: each answer's facets come one
 * task late, and the first answer's arrive one group (type, product, language) per task, so that
 * the first result cards are painted before the facets' forty-odd checkboxes are built and none of
 * it holds the main thread for long. Ticking a box shows at once; only new counts come a task later.
 * A group not drawn yet is empty, as all of them are while the first answer is on its way.
 */
export function DeferredFacetFilters({ facets, ...props }: ComponentProps<typeof FacetFilters>) {
  const shown = useNextTaskValue(facets);
  const groups = useProgressiveCount(shown ? facetNames.length : 0, 1, facetNames);
  const partial = useMemo(
    () =>
      shown && groups < facetNames.length
        ? (Object.fromEntries(facetNames.map((name, index) => [name, index < groups ? shown[name] : []])) as Facets)
        : shown,
    [shown, groups],
  );
  return <FacetFilters facets={partial} {...props} />;
}
