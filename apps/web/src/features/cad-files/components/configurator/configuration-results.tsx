import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CadFormat, CadModel } from '@portal/contracts/cad';
import { cadFavoriteId, cadSetCode } from '@portal/contracts/favorite-ids';
import { FavoriteToggle } from '../../../../components/favorite-toggle/favorite-toggle';
import { modelPreviewActions } from '../../../../components/model-viewer/model-preview-actions';
import { zipBlob, zipFileName } from '../../../../lib/download/download-sources';
import { FileDownloadButton } from '../../../../lib/download/file-download-button';
import { FileTable } from '../../../../lib/download/file-table';
import { formatFileSize } from '../../../../lib/download/format';
import { LoadingState } from '../../../../lib/download/load-states';
import { cadConfigurationQueryOptions } from '../../api/get-cad-configuration';
import { useCadLabels } from '../../hooks/use-cad-labels';
import { selectionClashes } from '../../utils/configurator-state';
import { ConfigurationError, ExcludedOptions } from './configuration-error';
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
  const labels = useCadLabels();
  // A link can hold options that exclude each other: say which, by name, without asking the API.
  const clashes = selectionClashes(model, options);
  const query = useQuery({ ...cadConfigurationQueryOptions(model.code, options), enabled: clashes.length === 0 });
  if (clashes.length > 0) return <ExcludedOptions model={model} clashes={clashes} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ConfigurationError error={query.error} onRetry={() => void query.refetch()} />;

  const set = query.data;
  // The files' signed 3D preview URLs expire: the viewer asks the set again when one no longer loads.
  const refreshFiles = () => query.refetch().then((result) => result.data?.formats.flatMap((candidate) => candidate.files) ?? []);
  const shown = set.formats.find((candidate) => candidate.format === format) ?? set.formats[0];
  const totalSize = set.formats.reduce((sum, candidate) => sum + candidate.totalSize, 0);
  const codes = set.options.map((option) => option.value);
  const modelName = labels.model(set.model);
  const optionLabels = set.options.map((option) => labels.value({ code: option.value, label: option.label }));
  return (
    <Stack gap="lg" data-testid="configuration-results" data-configuration-id={set.configurationId}>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} fz="lg">
                {modelName}
              </Title>
              <Badge variant="outline" color="gray" tt="none">
                {t('cadFiles.revision', { revision: set.model.revision })}
              </Badge>
              <FavoriteToggle itemKind="cad" itemId={cadFavoriteId('model', set.model.code)} title={modelName} labels={cadModelLabels} />
            </Group>
            <Group gap={6}>
              {set.options.map((option, index) => (
                <Badge key={option.group} variant="light" color="gray" tt="none" fw={500}>
                  {labels.group({ code: option.group, label: option.groupLabel })}: {optionLabels[index]}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Group gap="xs">
            <FavoriteToggle
              itemKind="cad"
              itemId={cadFavoriteId('set', cadSetCode({ model: set.model.code, options: codes }))}
              title={[modelName, ...optionLabels].join(' · ')}
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
            <FileTable files={shown.files} endpoint="/api/Cad/download" fileActions={modelPreviewActions(shown.files, refreshFiles)} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
