import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DownloadableFile } from '@portal/contracts/downloads';
import { Checksum } from './checksum';
import { storedFileBlob, type FileDownloadEndpoint } from './download-sources';
import { FileDownloadButton } from './file-download-button';
import { formatFileSize } from './format';

interface FileTableProps {
  files: DownloadableFile[];
  /** Which call hands out the signed URL of one of these files. */
  endpoint: FileDownloadEndpoint;
  /** Names the table for assistive technology (not shown). */
  label?: string;
}

/** The files of a software version, a CAD set or a library version: name, size, checksum, download. */
export function FileTable({ files, endpoint, label }: FileTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={6} fz="sm" aria-label={label} data-testid="file-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('downloads.file')}</Table.Th>
            <Table.Th ta="right">{t('downloads.size')}</Table.Th>
            <Table.Th>{t('downloads.checksum')}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t('downloads.download')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id} data-file-name={file.fileName}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <IconFile size={16} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
                  <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                    {file.fileName}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(file.size, i18n.language)}
              </Table.Td>
              <Table.Td>
                <Checksum sha256={file.sha256} fileName={file.fileName} />
              </Table.Td>
              <Table.Td>
                <FileDownloadButton
                  label={t('downloads.downloadFile', { fileName: file.fileName })}
                  job={() => ({ id: `file-${file.id}`, fileName: file.fileName, fetchBlob: storedFileBlob(endpoint, file.id) })}
                  testId="download-file"
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
