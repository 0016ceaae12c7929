import { ActionIcon, Button, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../lib/download/use-file-download';
import { handoverBlob, handoverFileName, type HandoverFormat } from './handover-export-api';

const formats: HandoverFormat[] = ['vdi2770', 'aasx'];

interface HandoverExportMenuProps {
  serial: string;
  /** The reader's language (the documents' variants and the metadata's texts); the interface's by default. */
  language?: string;
  /** Names the unit for screen readers where the visible text does not (a table row). */
  label?: string;
  /** Only the icon (its name as tooltip), where space is short: a table row beside other actions. */
  iconOnly?: boolean;
}

/**
 * "Export": the unit's documentation handed over machine-readably, as a VDI 2770 documentation container or an
 * AASX package (Asset Administration Shell), each with a line saying what it is for.
 */
export function HandoverExportMenu({ serial, language: given, label, iconOnly = false }: HandoverExportMenuProps) {
  const { t, i18n } = useTranslation();
  const language = given ?? (i18n.resolvedLanguage ?? i18n.language).slice(0, 2).toLowerCase();
  const { download, downloading } = useFileDownload();
  const start = (format: HandoverFormat) =>
    void download({ id: `unit-${format}-${serial}`, fileName: handoverFileName(serial, format, language), fetchBlob: handoverBlob(serial, format, language) });

  return (
    <Menu position="bottom-start" width={320} withinPortal>
      <Menu.Target>
        {iconOnly ? (
          <ActionIcon variant="light" size={26} aria-label={label ?? t('handoverExport.button')} title={t('handoverExport.button')} disabled={downloading} aria-busy={downloading} data-testid={`unit-export-${serial}`}>
            {downloading ? <Loader size={14} /> : <IconFileExport size={16} aria-hidden />}
          </ActionIcon>
        ) : (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={downloading ? <Loader size={14} /> : <IconFileExport size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={downloading}
            aria-busy={downloading}
            aria-label={label}
            data-testid={`unit-export-${serial}`}
          >
            {t('handoverExport.button')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('handoverExport.heading')}</Menu.Label>
        {formats.map((format) => (
          <Menu.Item key={format} onClick={() => start(format)} data-testid={`unit-export-${format}`}>
            <Stack gap={2}>
              <Text fz="sm" fw={500}>
                {t(`handoverExport.${format}.title`)}
              </Text>
              <Text fz="xs" c="dimmed">
                {t(`handoverExport.${format}.description`)}
              </Text>
            </Stack>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
