import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CategoryFilterProps {
  /** Counts per category of the items matching the text (the category itself not applied). */
  facets: Array<{ value: string; count: number }>;
  value: string | null;
  onChange: (category: string | null) => void;
}

const all = '';

/** One chip per category with its count, plus "All"; picking a chip filters the list. */
export function CategoryFilter({ facets, value, onChange }: CategoryFilterProps) {
  const { t } = useTranslation();
  const total = facets.reduce((sum, facet) => sum + facet.count, 0);
  // A category in the URL that matches nothing still shows, so it can be cleared.
  const shown = value && !facets.some((facet) => facet.value === value) ? [...facets, { value, count: 0 }] : facets;

  return (
    <Chip.Group multiple={false} value={value ?? all} onChange={(next) => onChange(next === all ? null : next)}>
      <Group gap="xs" role="group" aria-label={t('software.categoryLabel')} data-testid="category-filter">
        <Chip value={all} variant="outline">
          {t('software.allCategories', { count: total })}
        </Chip>
        {shown.map((facet) => (
          <Chip key={facet.value} value={facet.value} variant="outline" data-category={facet.value}>
            {t('software.categoryCount', { category: categoryLabel(t, facet.value), count: facet.count })}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** The translated name of a category; an unknown one shows as it is. */
export function categoryLabel(t: (key: string, options: { defaultValue: string }) => string, category: string): string {
  return t(`software.categories.${category}`, { defaultValue: category });
}
