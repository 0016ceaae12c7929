import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SoftwareVersion } from '@portal/contracts/software';
import { zipBlob, zipFileName } from '../../../lib/download/download-sources';
import { FileDownloadButton } from '../../../lib/download/file-download-button';
import { FileTable } from '../../../lib/download/file-table';
import { formatDay, formatFileSize } from '../../../lib/download/format';
import { softwareItemPath } from './software-card';
import { SoftwareStatusBadge } from './software-status-badge';

interface SoftwareVersionCardProps {
  equipmentName: string;
  version: SoftwareVersion;
}

/** One version: number, status, date, release notes, its files, and the whole version as a zip. */
export function SoftwareVersionCard({ equipmentName, version }: SoftwareVersionCardProps) {
  const { t, i18n } = useTranslation();
  const notes = version.releaseNotes;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" data-testid="software-version" data-version={version.number}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} fz="lg">
                {t('software.versionNumber', { version: version.number })}
              </Title>
              <SoftwareStatusBadge status={version.status} />
            </Group>
            <Text fz="sm" c="dimmed">
              {t('software.releasedOn', { date: formatDay(version.releaseDate, i18n.language) })}
              {' · '}
              {t('software.fileCount', { count: version.files.length, size: formatFileSize(version.totalSize, i18n.language) })}
            </Text>
          </Stack>
          <Group gap="xs">
            {notes && (
              <Button
                component={Link}
                to={`${softwareItemPath(equipmentName)}/${encodeURIComponent(notes.fileName)}`}
                variant="default"
                size="compact-sm"
                leftSection={<IconNotes size={16} aria-hidden />}
                data-testid="release-notes-link"
              >
                {t('software.releaseNotes')}
              </Button>
            )}
            {version.files.length > 0 && (
              <FileDownloadButton
                variant="button"
                zip
                label={t('downloads.downloadZip')}
                job={() => ({ id: `zip-${version.id}`, fileName: zipFileName(equipmentName, version.number), fetchBlob: zipBlob(version.zipPath) })}
                testId="download-zip"
              />
            )}
          </Group>
        </Group>
        <FileTable files={version.files} endpoint="/api/Software/download" label={t('software.filesOf', { version: version.number })} />
      </Stack>
    </Paper>
  );
}
