import { Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FavoriteToggle } from '../../../components/favorite-toggle/favorite-toggle';
import { FollowToggle } from '../../../components/follow-toggle/follow-toggle';
import { HelpfulFeedback } from '../../../components/helpful-feedback/helpful-feedback';
import { NotFoundContent } from '../../../components/layouts/not-found-content';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ApiError } from '../../../lib/api-client/api-error';
import { useContentLabel } from '../../../lib/i18n/content-labels';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { softwareItemQueryOptions } from '../api/get-software-item';
import { BackToSoftware } from './back-to-software';
import { categoryLabel } from './category-filter';
import { EquipmentBadges } from './equipment-badges';
import { SoftwareVersionCard } from './software-version-card';

/** One software item; the route passes the equipment name as a prop (spec §2). */
export function SoftwareItemPage({ softwareEquipmentName }: { softwareEquipmentName: string }) {
  const { t } = useTranslation();
  const query = useQuery(softwareItemQueryOptions(softwareEquipmentName));
  const label = useContentLabel();
  const item = query.data;
  // An address of no software item is an unknown address: the portal's not-found page, not an invented item page.
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundContent />;

  return (
    <Stack gap="xs">
      <BackToSoftware />
      <PageFrame title={item?.name ?? softwareEquipmentName} description={item?.description ?? t('software.itemDescription', { name: softwareEquipmentName })}>
        {query.isPending && <LoadingState />}
        {query.isError && <ItemError error={query.error} onRetry={() => void query.refetch()} />}
        {item && (
          <>
            <Group justify="space-between" gap="sm">
              <Stack gap={8}>
                <Group gap={6}>
                  <Badge variant="light" color="gray">
                    {categoryLabel(t, item.category)}
                  </Badge>
                  <Badge variant="outline" color="gray" tt="none" title={item.equipmentName}>
                    {label('products', item.equipmentName, item.equipmentName)}
                  </Badge>
                </Group>
                <EquipmentBadges equipment={item.compatibleEquipment} />
              </Stack>
              <Group gap={4} wrap="nowrap">
                <FollowToggle kind="software" itemId={item.id} />
                <FavoriteToggle itemKind="software" itemId={item.id} title={item.name} />
              </Group>
            </Group>
            <Title order={2} fz="xl">
              {t('software.versions')}
            </Title>
            {item.versions.length === 0 ? (
              <EmptyState title={t('software.noVersion')} />
            ) : (
              <Stack gap="md" data-testid="software-versions">
                {item.versions.map((version) => (
                  <SoftwareVersionCard key={version.id} equipmentName={item.equipmentName} version={version} />
                ))}
              </Stack>
            )}
            <HelpfulFeedback subject={{ kind: 'software', equipmentName: item.equipmentName }} />
          </>
        )}
      </PageFrame>
    </Stack>
  );
}

function ItemError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : null;
  if (status === 403) return <ErrorState title={t('software.forbidden')} />;
  return <ErrorState title={t('software.itemLoadError')} onRetry={onRetry} />;
}
