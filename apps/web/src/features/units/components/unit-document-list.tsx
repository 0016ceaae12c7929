import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UnitDocument } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/download/format';

const documentPath = (serviceRef: string, version?: string) => `/DocumentLink/${encodeURIComponent(version ? `${serviceRef}-${version}` : serviceRef)}`;

/** Documents of the unit: each opens its current version; the one valid at delivery is offered next to it when it differs. */
export function UnitDocumentList({ title, documents, testId }: { title: string; documents: UnitDocument[]; testId: string }) {
  const { t, i18n } = useTranslation();
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {documents.map((document) => (
        <Card key={document.id} withBorder radius="md" padding="sm" data-testid="unit-document">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Anchor component={Link} to={documentPath(document.serviceRef)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {document.title}
            </Anchor>
            <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
              {t('units.version', { version: document.current.resourceVersion })}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            {document.serviceRef} · {document.languageCode.toUpperCase()} · {formatDay(document.current.publishedAt, i18n.language)}
          </Text>
          {document.atShipment && (
            <Text fz="sm" mt={4}>
              {t('units.atShipment')}{' '}
              <Anchor component={Link} to={documentPath(document.serviceRef, document.atShipment.resourceVersion)} data-testid="unit-document-at-shipment">
                {t('units.version', { version: document.atShipment.resourceVersion })}
              </Anchor>
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
