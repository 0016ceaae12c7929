import { Anchor, Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacetValue } from '@portal/contracts/documents';

/** Values shown before "show all". */
const collapsedCount = 8;

interface FacetGroupProps {
  name: string;
  label: string;
  values: FacetValue[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Shown under the values (the product facet's follow controls). */
  footer?: ReactNode;
}

/**
 * One facet as a checkable list with counts. A ticked value that no longer matches anything stays
 * listed (count 0) so that it can be unticked.
 */
export function FacetGroup({ name, label, values, selected, onChange, footer }: FacetGroupProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const missing = selected.filter((value) => !values.some((facet) => facet.value === value));
  const all = [...values, ...missing.map((value) => ({ value, label: value, count: 0 }))];
  const shown = expanded ? all : all.filter((facet, index) => index < collapsedCount || selected.includes(facet.value));
  if (all.length === 0) return null;

  return (
    <Checkbox.Group label={label} value={selected} onChange={onChange} data-testid={`facet-${name}`}>
      <Stack gap={6} mt={8}>
        {shown.map((facet) => (
          <Checkbox
            key={facet.value}
            value={facet.value}
            label={
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text fz="sm" lineClamp={1}>
                  {facet.label}
                </Text>
                <Badge variant="light" color="gray" size="sm" radius="sm">
                  {facet.count}
                </Badge>
              </Group>
            }
            styles={{ labelWrapper: { flex: 1 }, label: { width: '100%' } }}
          />
        ))}
        {all.length > collapsedCount && (
          <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
            {expanded ? t('resources.showLess') : t('resources.showAll', { count: all.length })}
          </Anchor>
        )}
        {footer}
      </Stack>
    </Checkbox.Group>
  );
}
