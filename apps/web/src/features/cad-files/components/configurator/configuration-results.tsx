import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CadFormat, CadModel } from '@portal/contracts/cad';
import { cadFavoriteId, cadSetCode } from '@portal/contracts/favorite-ids';
import { FavoriteToggle } from '../../../../components/favorite-toggle/favorite-toggle';
import { zipBlob, zipFileName } from '../../../../lib/download/download-sources';
import { FileDownloadButton } from '../../../../lib/download/file-download-button';
import { FileTable } from '../../../../lib/download/file-table';
import { formatFileSize } from '../../../../lib/download/format';
import { LoadingState } from '../../../../lib/download/load-states';
import { cadConfigurationQueryOptions } from '../../api/get-cad-configuration';
import { ConfigurationError } from './configuration-error';
import { FormatPicker } from './format-picker';

const cadModelLabels = { add: 'favorites.addCadModel', remove: 'favorites.removeCadModel' };
const cadSetLabels = { add: 'favorites.addCadSet', remove: 'favorites.removeCadSet' };

interface ConfigurationResultsProps {
  model: CadModel;
  options: string[];
  format: CadFormat | null;
  onFormat: (format: CadFormat) => void;
}

/** The last step: the set the API matched to the choices, one format at a time, downloadable file by file or zipped. */
export function ConfigurationResults({ model, options, format, onFormat }: ConfigurationResultsProps) {
  const { t, i18n } = useTranslation();
  const query = useQuery(cadConfigurationQueryOptions(model.code, options));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ConfigurationError error={query.error} onRetry={() => void query.refetch()} />;

  const set = query.data;
  const shown = set.formats.find((candidate) => candidate.format === format) ?? set.formats[0];
  const totalSize = set.formats.reduce((sum, candidate) => sum + candidate.totalSize, 0);
  const codes = set.options.map((option) => option.value);
  return (
    <Stack gap="lg" data-testid="configuration-results" data-configuration-id={set.configurationId}>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} fz="lg">
                {set.model.name}
              </Title>
              <Badge variant="outline" color="gray" tt="none">
                {t('cadFiles.revision', { revision: set.model.revision })}
              </Badge>
              <FavoriteToggle itemKind="cad" itemId={cadFavoriteId('model', set.model.code)} title={set.model.name} labels={cadModelLabels} />
            </Group>
            <Group gap={6}>
              {set.options.map((option) => (
                <Badge key={option.group} variant="light" color="gray" tt="none" fw={500}>
                  {option.groupLabel}: {option.label}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Group gap="xs">
            <FavoriteToggle
              itemKind="cad"
              itemId={cadFavoriteId('set', cadSetCode({ model: set.model.code, options: codes }))}
              title={[set.model.name, ...set.options.map((option) => option.label)].join(' · ')}
              labels={cadSetLabels}
            />
            {set.formats.length > 0 && (
              <FileDownloadButton
                variant="button"
                buttonVariant="filled"
                zip
                label={t('cadFiles.downloadAllFormats', { size: formatFileSize(totalSize, i18n.language) })}
                job={() => ({ id: `cad-${set.configurationId}`, fileName: zipFileName(set.model.code, ...codes), fetchBlob: zipBlob(set.zipPath) })}
                testId="download-cad-set"
              />
            )}
          </Group>
        </Group>
      </Paper>
      {!shown ? (
        <Text c="dimmed">{t('cadFiles.noFiles')}</Text>
      ) : (
        <>
          <FormatPicker formats={set.formats} value={shown.format} onChange={onFormat} />
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={4} fz="md">
                {t('cadFiles.filesIn', { format: shown.label })}
              </Title>
              <FileDownloadButton
                variant="button"
                zip
                label={t('cadFiles.downloadFormat', { format: shown.label })}
                job={() => ({
                  id: `cad-${set.configurationId}-${shown.format}`,
                  fileName: zipFileName(set.model.code, ...codes, shown.format),
                  fetchBlob: zipBlob(shown.zipPath),
                })}
                testId="download-cad-format"
              />
            </Group>
            <FileTable files={shown.files} endpoint="/api/Cad/download" />
          </Stack>
        </>
      )}
    </Stack>
  );
}
