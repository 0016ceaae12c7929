import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceState } from '@portal/contracts/maintenance';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDateTime } from '../../../lib/download/format';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/local-date-time';
import { maintenanceQueryOptions, useSaveMaintenance } from '../api/maintenance-api';
import { TitledPanel } from './titled-panel';

/** What the form holds: maintenance on or off, and the next availability as a `datetime-local` value. */
export interface MaintenanceDraft {
  on: boolean;
  until: string;
}

export const draftOf = (state: MaintenanceState): MaintenanceDraft => ({ on: state.until !== null, until: toLocalInputValue(state.until) });

/** The PUT body's `until` for a draft: null to switch off; an error key when the end is missing or not in the future. */
export function untilOf(draft: MaintenanceDraft, now = Date.now()): { until: string | null } | { error: 'adminJobs.maintenance.untilMissing' | 'adminJobs.maintenance.untilPast' } {
  if (!draft.on) return { until: null };
  const until = fromLocalInputValue(draft.until);
  if (until === null) return { error: 'adminJobs.maintenance.untilMissing' };
  if (Date.parse(until) <= now) return { error: 'adminJobs.maintenance.untilPast' };
  return { until };
}

/** Maintenance mode on or off with the next availability (admins only: the API refuses publishers). */
export function MaintenancePanel() {
  const { t, i18n } = useTranslation();
  const state = useQuery(maintenanceQueryOptions());
  const activeUntil = state.data?.activeUntil ?? null;
  return (
    <TitledPanel id="maintenance-heading" icon={IconTool} title={t('adminJobs.maintenance.title')}>
        {state.isError && <Alert color="red">{t('adminJobs.maintenance.loadError')}</Alert>}
        {state.data && (
          <>
            <Text data-testid="maintenance-state" c={activeUntil ? 'orange' : undefined} fw={activeUntil ? 600 : undefined}>
              {activeUntil ? t('adminJobs.maintenance.onUntil', { date: formatDateTime(activeUntil, i18n.language) }) : t('adminJobs.maintenance.off')}
            </Text>
            {activeUntil !== null && state.data.until !== activeUntil && <Text fz="sm" c="dimmed">{t('adminJobs.maintenance.configured')}</Text>}
            {/* A new answer from the server starts the form again from it. */}
            <MaintenanceForm key={state.dataUpdatedAt} state={state.data} />
          </>
        )}
    </TitledPanel>
  );
}

function MaintenanceForm({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation();
  const save = useSaveMaintenance();
  const [draft, setDraft] = useState<MaintenanceDraft>(() => draftOf(state));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = untilOf(draft);
    if ('error' in result) {
      setError(t(result.error));
      return;
    }
    setError(null);
    save.mutate(result.until, {
      onError: (cause) => setError(cause instanceof ApiError && cause.serverMessage ? cause.serverMessage : t('adminJobs.maintenance.saveError')),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Switch label={t('adminJobs.maintenance.switch')} checked={draft.on} onChange={(event) => setDraft({ ...draft, on: event.currentTarget.checked })} />
        <TextInput
          type="datetime-local"
          label={t('adminJobs.maintenance.until')}
          description={t('adminJobs.maintenance.untilHint')}
          value={draft.until}
          onChange={(event) => setDraft({ ...draft, until: event.currentTarget.value })}
          disabled={!draft.on}
          required={draft.on}
          error={error ?? undefined}
        />
        {draft.on && (
          <Text fz="sm" c="dimmed">
            {t('adminJobs.maintenance.warning')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('adminJobs.maintenance.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
