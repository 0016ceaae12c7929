import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Follow } from '@portal/contracts/alerts';
import type { FacetValue } from '@portal/contracts/documents';
import { FollowToggle } from '../../../components/follow-toggle/follow-toggle';
import { followsQueryOptions } from '../../../lib/alerts/follows-api';
import { useContentLabel } from '../../../lib/i18n/content-labels';
import { recentSearchQueryOptions } from '../api/recent-search';
import { HomeSection } from './home-section';

/** Products listed from the facet, those with the most documents first; followed ones are listed besides. */
const shownProducts = 6;

interface ProductRow {
  code: string;
  /** The API's name (the facet's label, or the title kept with the follow). */
  name: string;
  /** Documents of the product the user may see; null when the product is only known from a follow. */
  count: number | null;
}

/**
 * The products with the most documents, then every followed product not among them, in a stable
 * order: following or unfollowing one never moves the rows.
 */
export function productRows(facet: readonly FacetValue[], follows: readonly Follow[]): ProductRow[] {
  const top = [...facet].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, shownProducts);
  const listed = new Set(top.map((product) => product.value));
  const counts = new Map(facet.map((product) => [product.value, product.count]));
  const followed = follows
    .filter((follow) => follow.kind === 'product' && !listed.has(follow.itemId))
    .map((follow) => ({ code: follow.itemId, name: follow.title || follow.itemId, count: counts.get(follow.itemId) ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...top.map((product) => ({ code: product.value, name: product.label, count: product.count })), ...followed];
}

/** The products the user's documents cover and those the user follows, each with a follow control. */
export function HomeProducts() {
  const { t } = useTranslation();
  const label = useContentLabel();
  const search = useQuery(recentSearchQueryOptions());
  // The same list every follow control reads: one request for the whole page.
  const follows = useQuery(followsQueryOptions());

  let content;
  if (search.isPending) content = <Loader size="sm" role="status" aria-label={t('app.loading')} />;
  else if (search.isError) content = <Alert color="red" variant="light">{t('home.loadError')}</Alert>;
  else {
    const rows = productRows(search.data.facets.product, follows.data?.items ?? []);
    if (rows.length > 0) {
      content = (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => {
            const name = label('products', row.code, row.name);
            return (
              <Group key={row.code} component="li" justify="space-between" gap="sm" wrap="nowrap" data-testid="home-product">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconBox size={24} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={`/resources?${new URLSearchParams({ product: row.code })}`} fw={600} fz="sm" lineClamp={1}>
                      {name}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {row.count === null ? t('home.productNoDocuments') : t('home.productDocuments', { count: row.count })}
                    </Text>
                  </Stack>
                </Group>
                <FollowToggle kind="product" itemId={row.code} name={name} />
              </Group>
            );
          })}
        </Stack>
      );
    }
  }

  return (
    <HomeSection
      id="home-products"
      title={t('home.products')}
      more={{ to: '/resources', label: t('home.seeAllProducts') }}
      empty={t('home.productsEmpty')}
    >
      {content}
    </HomeSection>
  );
}
