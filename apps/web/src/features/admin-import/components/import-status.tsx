import { Alert, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { importQueryOptions, isFinished } from '../api/imports-api';
import { ImportBadge } from './import-outcome-badge';
import { ImportReport } from './import-report';
import { ImportReview } from './import-review';

/** One import followed while its job runs (files done of the total), then its report. */
export function ImportStatus({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(importQueryOptions(id));

  if (!data) {
    return (
      <Paper withBorder radius="md" p="md">
        {error ? (
          <Alert color="red" role="alert">
            {refusalText(error, t('adminImport.loadFailed')).join(' ')}
          </Alert>
        ) : (
          <Loader size="sm" aria-label={t('admin.loading')} />
        )}
      </Paper>
    );
  }
  const { done, total } = data.progress;
  const finished = isFinished(data.status);
  const percent = total > 0 ? (done / total) * 100 : finished ? 100 : 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-status-heading">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} fz="lg" id="import-status-heading">
              {t('adminImport.status.title', { source: data.source })}
            </Title>
            <ImportBadge value={data.status} />
          </Group>
          <Button variant="default" onClick={onClose}>
            {t('adminImport.status.another')}
          </Button>
        </Group>
        <Stack gap={4} aria-live="polite">
          <Progress value={percent} animated={!finished} striped={!finished} color={data.status === 'failed' ? 'red' : undefined} aria-label={t('adminImport.status.progress')} />
          <Text fz="sm" data-testid="import-progress-text">
            {t('adminImport.status.files', { done, total, count: total })}
            {' · '}
            {(['added', 'skipped', 'refused', 'failed'] as const).map((outcome) => t(`adminImport.counts.${outcome}`, { count: data.counts[outcome] })).join(' · ')}
          </Text>
        </Stack>
        {data.error && (
          <Alert color="red" role="alert" title={t('adminImport.status.failed')}>
            {data.error}
          </Alert>
        )}
        {data.report && data.counts.added > 0 && <ImportReview id={data.id} />}
        {data.report && <ImportReport id={data.id} report={data.report} />}
      </Stack>
    </Paper>
  );
}
