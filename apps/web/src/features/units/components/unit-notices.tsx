import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { UnitNotice } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/i18n/language-name';
import { pageLanguageOf } from '../utils/page-language';

/**
 * Safety and change notices that concern this unit, as banners above everything else, each in the reader's
 * language where the notice has it; one shown in its source language says so.
 */
export function UnitNotices({ notices }: { notices: UnitNotice[] }) {
  const { t, i18n } = useTranslation();
  if (notices.length === 0) return null;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const reader = pageLanguageOf(locale);
  return (
    <Stack gap="sm">
      {notices.map((notice) => {
        const inOtherLanguage = pageLanguageOf(notice.language) !== reader;
        return (
          <Alert
            key={notice.id}
            color={notice.kind === 'safety' ? 'red' : 'yellow'}
            variant="light"
            icon={notice.kind === 'safety' ? <IconAlertTriangle /> : <IconInfoCircle />}
            title={<span lang={inOtherLanguage ? notice.language : undefined}>{`${t(`units.noticeKinds.${notice.kind}`)}: ${notice.title}`}</span>}
            data-testid="unit-notice"
            data-language={notice.language}
          >
            {notice.body && <Text fz="sm" lang={inOtherLanguage ? notice.language : undefined}>{notice.body}</Text>}
            {inOtherLanguage && (
              <Text fz="xs" c="dimmed" mt={notice.body ? 4 : 0} data-testid="unit-notice-source">
                {t('noticeTranslations.inSource', { reader: languageName(reader, locale), source: languageName(notice.language, locale) })}
              </Text>
            )}
          </Alert>
        );
      })}
    </Stack>
  );
}
