import { Accordion, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CadPartnerLibrariesResponse } from '@portal/contracts/cad';
import { cadFavoriteId } from '@portal/contracts/favorite-ids';
import { FavoriteToggle } from '../../../../components/favorite-toggle/favorite-toggle';
import { modelPreviewActions } from '../../../../components/model-viewer/model-preview-actions';
import { FollowToggle } from '../../../../components/follow-toggle/follow-toggle';
import { zipBlob, zipFileName } from '../../../../lib/download/download-sources';
import { FileDownloadButton } from '../../../../lib/download/file-download-button';
import { FileTable } from '../../../../lib/download/file-table';
import { formatDay, formatFileSize } from '../../../../lib/download/format';
import { useContentLabel } from '../../../../lib/i18n/content-labels';
import { partnerLibrariesQueryOptions } from '../../api/get-partner-libraries';

type Library = CadPartnerLibrariesResponse['tools'][number]['libraries'][number];

/** One partner library: what it holds, then its versions (newest open), each downloadable whole or file by file. */
export function LibraryCard({ library, highlighted }: { library: Library; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const newest = library.versions[0];
  const label = useContentLabel();
  const client = useQueryClient();
  // The files' signed 3D preview URLs expire: the viewer asks the libraries again when one no longer loads.
  const refreshFiles = () =>
    client
      .fetchQuery({ ...partnerLibrariesQueryOptions(), staleTime: 0 })
      .then((answer) => answer.tools.flatMap((tool) => tool.libraries).flatMap((entry) => entry.versions.flatMap((version) => version.files)));
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      id={library.id}
      component="article"
      data-testid="partner-library"
      data-library-id={library.id}
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', boxShadow: '0 0 0 2px var(--mantine-primary-color-light)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={4} fz="md">
              {library.name}
            </Title>
            <Text fz="sm" c="dimmed">
              {library.description}
            </Text>
            <Group gap={4}>
              {library.productCodes.map((code) => (
                <Badge key={code} variant="default" size="sm" tt="none" title={code}>
                  {label('products', code, code)}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <FollowToggle kind="cad-library" itemId={library.id} name={library.name} iconOnly />
            <FavoriteToggle itemKind="cad" itemId={cadFavoriteId('library', library.id)} title={library.name} />
          </Group>
        </Group>
        <Accordion variant="separated" radius="md" defaultValue={newest?.id ?? null}>
          {library.versions.map((version) => (
            <Accordion.Item key={version.id} value={version.id} data-version={version.version}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={600} fz="sm">
                    {t('cadFiles.libraryVersion', { version: version.version })}
                  </Text>
                  {version === newest && (
                    <Badge size="xs" color="green" variant="light">
                      {t('cadFiles.latest')}
                    </Badge>
                  )}
                  <Text fz="xs" c="dimmed">
                    {t('cadFiles.releasedOn', { date: formatDay(version.releaseDate, i18n.language) })} ·{' '}
                    {t('cadFiles.formatFiles', { count: version.files.length, size: formatFileSize(version.totalSize, i18n.language) })}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start">
                    <Text fz="sm">{version.notes}</Text>
                    {version.files.length > 0 && (
                      <FileDownloadButton
                        variant="button"
                        zip
                        label={t('downloads.downloadZip')}
                        job={() => ({ id: `library-${version.id}`, fileName: zipFileName(library.name, version.version), fetchBlob: zipBlob(version.zipPath) })}
                        testId="download-library"
                      />
                    )}
                  </Group>
                  <FileTable files={version.files} endpoint="/api/Cad/download" fileActions={modelPreviewActions(version.files, refreshFiles)} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Paper>
  );
}
