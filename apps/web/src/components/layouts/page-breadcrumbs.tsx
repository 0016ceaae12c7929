import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  to: string;
  label: string;
}

/** The way back above a page's heading: its parents as links, then the page itself (the current one, not a link). */
export function PageBreadcrumbs({ parents, current }: { parents: readonly Crumb[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('layout.breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} fz="sm" styles={{ root: { flexWrap: 'wrap', rowGap: 2 } }}>
        {parents.map((crumb) => (
          <Anchor key={crumb.to} component={Link} to={crumb.to} fz="sm">
            {crumb.label}
          </Anchor>
        ))}
        <Text span fz="sm" c="dimmed" aria-current="page" style={{ overflowWrap: 'anywhere' }}>
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
