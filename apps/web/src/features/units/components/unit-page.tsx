import { Badge, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FollowToggle } from '../../../components/follow-toggle/follow-toggle';
import { NotFoundContent } from '../../../components/layouts/not-found-content';
import { HelpfulFeedback } from '../../../components/helpful-feedback/helpful-feedback';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDay } from '../../../lib/download/format';
import { ErrorState, LoadingState } from '../../../lib/download/load-states';
import { unitQueryOptions } from '../api/get-unit';
import { rememberedPackage } from '../utils/package-memory';
import { pageLanguageOf } from '../utils/page-language';
import { UnitDocumentList } from './unit-document-list';
import { UnitNotices } from './unit-notices';
import { UnitOfflinePackage } from './unit-offline-package';
import { UnitPaperRequest } from './unit-paper-request';
import { UnitSoftwareAndCad } from './unit-software-and-cad';

/** Following a unit tells of the safety and change notices on it. */
const unitFollowHints = { follow: 'alerts.unitFollowHint', unfollow: 'alerts.unitUnfollowHint' };

/** The EU declaration of conformity: shown in its own section, in the page's language. */
const declarationType = 'declarationOfConformity';


/** One machine's passport (issue 15): what its identification link leads to, made for a phone in front of the machine too. */
export function UnitPage({ serial }: { serial: string }) {
  const { t, i18n } = useTranslation();
  const language = pageLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  const [downloaded, setDownloaded] = useState(() => rememberedPackage(serial));
  const query = useQuery(unitQueryOptions(serial, language, downloaded));
  const unit = query.data;
  // A unit the user may not see answers like one that does not exist: the portal's not-found page.
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundContent />;

  return (
    <PageFrame
      title={unit?.model.name ?? serial}
      parents={[{ to: '/units', label: t('units.myEquipment') }]}
      description={unit ? [t('units.serial', { serial }), unit.siteName, t('units.shippedOn', { date: formatDay(unit.shippedAt.slice(0, 10), i18n.language) })].filter(Boolean).join(' · ') : t('units.serial', { serial })}
    >
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState title={t('units.loadError')} onRetry={() => void query.refetch()} />}
      {unit && (
        <Stack gap="lg" data-testid="unit-page">
          <UnitNotices notices={unit.notices} />
          <Group align="center" gap="sm">
            {unit.options.length > 0 && (
              <Group gap={6} aria-label={t('units.options')}>
                {unit.options.map((option) => (
                  <Badge key={option.code} variant="light" color="gray" tt="none">
                    {option.label}
                  </Badge>
                ))}
              </Group>
            )}
            <Box ml="auto">
              <FollowToggle kind="unit" itemId={unit.serialNumber} hints={unitFollowHints} />
            </Box>
          </Group>
          <UnitOfflinePackage unit={unit} language={language} onDownloaded={setDownloaded} />
          <UnitPaperRequest unit={unit} />
          <UnitDocumentList title={t('units.declaration')} documents={unit.declarations} testId="unit-declarations" serial={serial} language={language} markLanguage />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="lg">
              <UnitDocumentList
                title={t('units.documents')}
                documents={unit.documents.filter((document) => document.typeCode !== declarationType)}
                testId="unit-documents"
                serial={serial}
                language={language}
              />
              <UnitDocumentList title={t('units.ownDocuments')} documents={unit.ownDocuments.filter((document) => document.typeCode !== declarationType)} testId="unit-own-documents" serial={serial} language={language} />
            </Stack>
            <UnitSoftwareAndCad unit={unit} />
          </SimpleGrid>
          <HelpfulFeedback subject={{ kind: 'unit', serial: unit.serialNumber }} />
          <Text fz="xs" c="dimmed">
            {t('units.identificationLink')}: <span data-testid="unit-identification-link">{unit.identificationLink}</span>
          </Text>
        </Stack>
      )}
    </PageFrame>
  );
}
