import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UnitDocument } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';
import { TranslationBehindMarker } from '../../../components/translation-behind/translation-behind-marker';
import { formatDay } from '../../../lib/download/format';
import { KeptBadge, UnitVersionActions, UnitVersionLink } from './unit-document-actions';

interface UnitDocumentListProps {
  title: string;
  documents: UnitDocument[];
  testId: string;
  serial: string;
  /** The page's language: a document in another one says so when `markLanguage` is set. */
  language: string;
  markLanguage?: boolean;
}

function UnitDocumentCard({ document, serial, language, markLanguage }: Omit<UnitDocumentListProps, 'title' | 'documents' | 'testId'> & { document: UnitDocument }) {
  const { t, i18n } = useTranslation();
  const { current, atShipment } = document;
  const versionProps = { serial, language, document };
  return (
    <Card withBorder radius="md" padding="sm" data-testid="unit-document">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <UnitVersionLink {...versionProps} version={current} current fw={600} testId="unit-document-open">
          {document.title}
        </UnitVersionLink>
        <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
          {t('units.version', { version: current.resourceVersion })}
        </Badge>
      </Group>
      <Text fz="xs" c="dimmed">
        {document.serviceRef} · {document.languageCode.toUpperCase()} · {formatDay(current.publishedAt, i18n.language)}
      </Text>
      {markLanguage && document.languageCode !== language && (
        <Text fz="xs" c="dimmed" data-testid="unit-document-other-language">
          {t('units.inOtherLanguage', { language: document.languageCode.toUpperCase() })}
        </Text>
      )}
      <TranslationBehindMarker translation={document.translation} />
      <KeptBadge version={current} />
      <UnitVersionActions {...versionProps} version={current} />
      {atShipment && (
        <Stack gap={2} mt={4} data-testid="unit-document-shipment">
          <Text fz="sm">
            {t('units.atShipment')}{' '}
            <UnitVersionLink {...versionProps} version={atShipment} testId="unit-document-at-shipment">
              {t('units.version', { version: atShipment.resourceVersion })}
            </UnitVersionLink>
          </Text>
          <KeptBadge version={atShipment} />
          <UnitVersionActions {...versionProps} version={atShipment} />
        </Stack>
      )}
    </Card>
  );
}

/**
 * Documents of the unit: each opens its current version, with Download and Print; the one valid at
 * delivery is offered below it when it differs. A withdrawn version kept for this machine says until when.
 */
export function UnitDocumentList({ title, documents, testId, ...card }: UnitDocumentListProps) {
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {documents.map((document) => (
        <UnitDocumentCard key={document.id} document={document} {...card} />
      ))}
    </Stack>
  );
}
