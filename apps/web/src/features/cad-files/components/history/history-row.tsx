import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DownloadHistoryItem } from '@portal/contracts/downloads';
import { redownloadBlob } from '../../../../lib/download/download-sources';
import { FileDownloadButton } from '../../../../lib/download/file-download-button';
import { formatDateTime } from '../../../../lib/download/format';

const kindColors = { document: 'blue', software: 'grape', cad: 'teal' } as const;

/** One download: when, what (linked while it exists), which version and file, whether a newer one exists, get it again. */
export function HistoryRow({ item, path }: { item: DownloadHistoryItem; path: string | null }) {
  const { t, i18n } = useTranslation();
  const redownload = item.redownload;
  return (
    <Table.Tr data-testid="history-row" data-kind={item.kind} data-file-name={item.fileName}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.downloadedAt, i18n.language)}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          {path ? (
            <Anchor component={Link} to={path} fz="sm" fw={600}>
              {item.title}
            </Anchor>
          ) : (
            <Text fz="sm" fw={600}>
              {item.title}
            </Text>
          )}
          <Badge size="xs" variant="light" color={kindColors[item.kind]}>
            {t(`cadFiles.kinds.${item.kind}`)}
          </Badge>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Text fz="sm">{item.versionLabel}</Text>
          {item.newerVersionAvailable && (
            <Badge color="orange" variant="filled" size="sm" tt="none" data-testid="newer-version">
              {item.newestVersionLabel ? t('cadFiles.newerVersion', { version: item.newestVersionLabel }) : t('cadFiles.newerVersionUnnamed')}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {item.isZip && <IconFileZip size={16} aria-label={t('cadFiles.zipArchive')} style={{ flexShrink: 0 }} />}
          <Text fz="sm" style={{ wordBreak: 'break-all' }}>
            {item.fileName}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        {redownload ? (
          <FileDownloadButton
            label={t('cadFiles.downloadAgain', { fileName: item.fileName })}
            zip={item.isZip}
            job={() => ({ id: `again-${item.id}`, fileName: item.fileName, fetchBlob: redownloadBlob(redownload) })}
            testId="redownload"
          />
        ) : (
          <Text fz="xs" c="dimmed" data-testid="not-available">
            {t('cadFiles.notAvailable')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
