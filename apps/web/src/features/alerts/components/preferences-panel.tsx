import { Card, NativeSelect, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EmailFrequency, MailLanguage, UpdatePreferencesBody } from '@portal/contracts/alerts';
import { localeNames, supportedLocales } from '../../../lib/i18n/locales';
import { preferencesQueryOptions, useUpdatePreferences } from '../api/preferences-api';

// The contract's list, written out: the browser takes only types from zod contract modules.
const frequencies: readonly EmailFrequency[] = ['immediate', 'daily', 'weekly', 'off'];
// Mails come in the interface's languages.
const languages: readonly MailLanguage[] = supportedLocales;

/** How the user is told by mail (frequency, language) and whether downloads follow documents; each change is saved at once. */
export function PreferencesPanel() {
  const { t } = useTranslation();
  const { data } = useQuery(preferencesQueryOptions());
  const update = useUpdatePreferences();
  const saved = update.isPending ? { ...data, ...update.variables } : data;
  const save = (change: UpdatePreferencesBody) => update.mutate(change, { onSuccess: () => notifications.show({ color: 'green', message: t('alerts.preferences.saved') }) });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="alerts-preferences-title" data-testid="alert-preferences">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="alerts-preferences-title">
            {t('alerts.preferences.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('alerts.preferences.description')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('alerts.preferences.email')}
            data={frequencies.map((value) => ({ value, label: t(`alerts.preferences.frequency.${value}`) }))}
            value={saved?.email ?? ''}
            disabled={!saved}
            onChange={(event) => save({ email: event.currentTarget.value as EmailFrequency })}
            data-testid="preference-email"
          />
          <NativeSelect
            label={t('alerts.preferences.language')}
            data={languages.map((value) => ({ value, label: localeNames[value] }))}
            value={saved?.language ?? ''}
            disabled={!saved}
            onChange={(event) => save({ language: event.currentTarget.value as MailLanguage })}
            data-testid="preference-language"
          />
        </SimpleGrid>
        <Switch
          label={t('alerts.preferences.autoFollow')}
          description={t('alerts.preferences.autoFollowHint')}
          checked={saved?.autoFollowDownloads ?? false}
          disabled={!saved}
          onChange={(event) => save({ autoFollowDownloads: event.currentTarget.checked })}
          data-testid="preference-auto-follow"
        />
      </Stack>
    </Card>
  );
}
