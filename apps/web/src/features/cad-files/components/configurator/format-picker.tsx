import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CadConfigurationResponse, CadFormat } from '@portal/contracts/cad';
import { formatFileSize } from '../../../../lib/download/format';
import classes from './radio-card.module.css';

interface FormatPickerProps {
  formats: CadConfigurationResponse['formats'];
  value: CadFormat;
  onChange: (format: CadFormat) => void;
}

/** The formats of a CAD set, each with its tool, file count and size; picking one lists its files. */
export function FormatPicker({ formats, value, onChange }: FormatPickerProps) {
  const { t, i18n } = useTranslation();
  return (
    <Radio.Group value={value} onChange={(next) => onChange(next as CadFormat)} label={t('cadFiles.pickFormat')} labelProps={{ mb: 'sm', fw: 600 }}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(formats.length, 5) }} spacing="sm" data-testid="format-picker">
        {formats.map((set) => (
          <Radio.Card key={set.format} value={set.format} radius="md" p="sm" data-format={set.format} className={classes.card}>
            <Stack gap={2}>
              <Group gap="xs" wrap="nowrap">
                <Radio.Indicator size="xs" />
                <Text fw={600} fz="sm">
                  {set.label}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed">
                {set.tool ?? t('cadFiles.neutralFormat')}
              </Text>
              <Text fz="xs">{t('cadFiles.formatFiles', { count: set.files.length, size: formatFileSize(set.totalSize, i18n.language) })}</Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
