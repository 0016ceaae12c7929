import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadableFile } from '@portal/contracts/downloads';
import { Checksum } from './checksum';
import { storedFileBlob, type FileDownloadEndpoint } from './download-sources';
import { FileDownloadButton } from './file-download-button';
import classes from './file-table.module.css';
import { formatFileSize } from './format';

interface FileTableProps {
  files: DownloadableFile[];
  /** Which call hands out the signed URL of one of these files. */
  endpoint: FileDownloadEndpoint;
  /** Names the table for assistive technology (not shown). */
  label?: string;
  /** More actions of a file, shown before its download button (the 3D preview of a CAD model). */
  fileActions?: (file: DownloadableFile) => ReactNode;
}

/**
 * The files of a software version, a CAD set or a library version: name with its full checksum
 * below it, size, download. Three columns whose text wraps, so the table fits a 390 px phone with
 * the download button in view.
 */
export function FileTable({ files, endpoint, label, fileActions }: FileTableProps) {
  const { t, i18n } = useTranslation();
  const actionClass = fileActions ? classes.actions : classes.action;
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label={label} data-testid="file-table" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('downloads.file')}</Table.Th>
          <Table.Th ta="right" className={classes.size}>
            {t('downloads.size')}
          </Table.Th>
          <Table.Th className={actionClass}>
            <VisuallyHidden>{t('downloads.download')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {files.map((file) => (
          <Table.Tr key={file.id} data-file-name={file.fileName}>
            <Table.Td>
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconFile size={16} stroke={1.6} aria-hidden className={classes.icon} />
                  <Text fz="sm" fw={500} className={classes.name}>
                    {file.fileName}
                  </Text>
                </Group>
                <Checksum sha256={file.sha256} fileName={file.fileName} />
              </Stack>
            </Table.Td>
            <Table.Td ta="right" className={classes.size}>
              {formatFileSize(file.size, i18n.language)}
            </Table.Td>
            <Table.Td className={actionClass}>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {fileActions?.(file)}
                <FileDownloadButton
                  label={t('downloads.downloadFile', { fileName: file.fileName })}
                  job={() => ({ id: `file-${file.id}`, fileName: file.fileName, fetchBlob: storedFileBlob(endpoint, file.id) })}
                  testId="download-file"
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
