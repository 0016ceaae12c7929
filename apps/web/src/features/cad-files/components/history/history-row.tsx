import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CadCatalogueResponse } from '@portal/contracts/cad';
import type { DownloadHistoryItem } from '@portal/contracts/downloads';
import { redownloadBlob } from '../../../../lib/download/download-sources';
import { FileDownloadButton } from '../../../../lib/download/file-download-button';
import { formatDateTime } from '../../../../lib/download/format';
import { useCadLabels, type CadLabels } from '../../hooks/use-cad-labels';
import { historyItemPath, parseCadHistoryRef } from '../../utils/history-link';
import classes from './history-table.module.css';

const kindColors = { document: 'blue', software: 'grape', cad: 'teal', unit: 'indigo' } as const;

/** A robot model or set by its labels in the user's language ("Robot six axes ARM-6 (Plafond, 1200 mm)"); the API's title otherwise. */
function itemTitle(item: DownloadHistoryItem, catalogue: CadCatalogueResponse | undefined, labels: CadLabels): string {
  const ref = item.kind === 'cad' && item.itemRef ? parseCadHistoryRef(item.itemRef, catalogue) : null;
  if (ref?.type !== 'model') return item.title;
  const name = labels.model(ref.model);
  return ref.options.length > 0 ? `${name} (${ref.options.map((code) => labels.valueOf(ref.model, code)).join(', ')})` : name;
}

interface HistoryRowProps {
  item: DownloadHistoryItem;
  /** Tells robot models from partner libraries, and names models and options; the row shows without it. */
  catalogue: CadCatalogueResponse | undefined;
}

/**
 * One download: when, what (linked while it exists), which version and file, whether a newer one
 * exists, get it again. On a phone the cells stack (history-table.module.css) beside the button.
 */
export function HistoryRow({ item, catalogue }: HistoryRowProps) {
  const { t, i18n } = useTranslation();
  const labels = useCadLabels();
  const redownload = item.redownload;
  const path = historyItemPath(item, catalogue);
  const title = itemTitle(item, catalogue, labels);
  return (
    <Table.Tr role="row" data-testid="history-row" data-kind={item.kind} data-file-name={item.fileName}>
      <Table.Td role="cell" className={classes.when}>{formatDateTime(item.downloadedAt, i18n.language)}</Table.Td>
      <Table.Td role="cell" className={classes.what}>
        <Stack gap={2} align="flex-start">
          {path ? (
            <Anchor component={Link} to={path} fz="sm" fw={600}>
              {title}
            </Anchor>
          ) : (
            <Text fz="sm" fw={600}>
              {title}
            </Text>
          )}
          <Badge size="xs" variant="light" color={kindColors[item.kind]}>
            {t(`cadFiles.kinds.${item.kind}`)}
          </Badge>
        </Stack>
      </Table.Td>
      <Table.Td role="cell">
        <Group gap={6} align="center">
          <Text fz="sm">{item.versionLabel}</Text>
          {item.newerVersionAvailable && (
            <Badge color="orange.9" variant="filled" size="sm" tt="none" data-testid="newer-version">
              {item.newestVersionLabel ? t('cadFiles.newerVersion', { version: item.newestVersionLabel }) : t('cadFiles.newerVersionUnnamed')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td role="cell">
        <Group gap={6} wrap="nowrap" align="flex-start">
          {item.isZip && <IconFileZip size={16} aria-label={t('cadFiles.zipArchive')} style={{ flexShrink: 0 }} />}
          <Text fz="sm" className={classes.fileName}>
            {item.fileName}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td role="cell" className={classes.action}>
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
