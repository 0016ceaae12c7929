import { Badge, Card, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UnitSummary } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/layouts/page-frame';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { formatDay } from '../../../lib/download/format';
import { unitsQueryOptions } from '../api/get-units';

/** "My equipment": every unit the user may see, each opening its unit page. */
export function MyEquipmentPage() {
  const { t } = useTranslation();
  const query = useQuery(unitsQueryOptions());
  return (
    <PageFrame title={t('units.myEquipment')} description={t('units.myEquipmentDescription')}>
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState title={t('units.listError')} onRetry={() => void query.refetch()} />}
      {query.data && query.data.items.length === 0 && <EmptyState title={t('units.noUnits')} />}
      {query.data && query.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="unit-list">
          {query.data.items.map((unit) => (
            <UnitCard key={unit.serialNumber} unit={unit} />
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}

function UnitCard({ unit }: { unit: UnitSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton component={Link} to={`/units/${encodeURIComponent(unit.serialNumber)}`} data-testid="unit-card">
      <Card withBorder radius="md" padding="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={650}>{unit.model.name}</Text>
            <Text ff="monospace" fz="sm">
              {unit.serialNumber}
            </Text>
          </div>
          {unit.openNotices > 0 && (
            <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              {t('units.noticeCount', { count: unit.openNotices })}
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed" mt="xs">
          {[unit.siteName, t('units.shippedOn', { date: formatDay(unit.shippedAt.slice(0, 10), i18n.language) })].filter(Boolean).join(' · ')}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
