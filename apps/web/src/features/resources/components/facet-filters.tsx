import { Button, Group, Stack } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResponse } from '@portal/contracts/documents';
import { FollowToggle } from '../../../components/follow-toggle/follow-toggle';
import { contentLabel } from '../../../lib/i18n/content-labels';
import { facetNames, type FacetName, type ResourcesState } from '../utils/resources-url-state';
import { languageName } from '../../../lib/i18n/language-name';
import { useProgressiveCount } from '../../../lib/hooks/use-progressive-count';
import { FacetGroup } from './facet-group';

interface FacetFiltersProps {
  facets: SearchResponse['facets'] | undefined;
  state: ResourcesState;
  onChange: (name: FacetName, selected: string[]) => void;
  onClear: () => void;
}

/** Type, product and language facets; their names follow the interface language. Memoised: drawn again for new facets or a new state only. */
export const FacetFilters = memo(function FacetFilters({ facets, state, onChange, onClear }: FacetFiltersProps) {
  const { t, i18n } = useTranslation();
  const anySelected = facetNames.some((name) => state[name].length > 0);
  // The first answer's cards come first; its facet groups follow, one per task (a group is a few
  // dozen components). Later answers redraw the groups in place.
  const groupsShown = useProgressiveCount(facets ? facetNames.length : 0, 1, facets !== undefined, 0);
  const valuesOf = (name: FacetName) => {
    const values = facets?.[name] ?? [];
    if (name === 'language') return values.map((facet) => ({ ...facet, label: languageName(facet.value, i18n.language) }));
    // Types and products by their content labels in the interface language (the API's names otherwise).
    const kind = name === 'type' ? 'documentTypes' : 'products';
    return values.map((facet) => ({ ...facet, label: contentLabel(t, kind, facet.value, facet.label) }));
  };

  return (
    <Stack gap="lg" component="section" aria-label={t('resources.filters')}>
      {facetNames.slice(0, groupsShown).map((name) => (
        <FacetGroup
          key={name}
          name={name}
          label={t(`resources.facets.${name}`)}
          values={valuesOf(name)}
          selected={state[name]}
          onChange={(selected) => onChange(name, selected)}
          footer={name === 'product' && <ProductFollows selected={state.product} values={valuesOf('product')} />}
        />
      ))}
      {anySelected && (
        <Button variant="subtle" size="compact-sm" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
          {t('resources.clearFilters')}
        </Button>
      )}
    </Stack>
  );
});

/** A follow control for each ticked product: its new documents are then notified. */
function ProductFollows({ selected, values }: { selected: string[]; values: { value: string; label: string }[] }) {
  if (selected.length === 0) return null;
  return (
    <Group gap={6} data-testid="product-follows">
      {selected.map((code) => (
        <FollowToggle key={code} kind="product" itemId={code} name={values.find((facet) => facet.value === code)?.label ?? code} />
      ))}
    </Group>
  );
}
