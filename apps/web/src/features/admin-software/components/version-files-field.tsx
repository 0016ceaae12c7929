import { Group, Stack, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DropArea } from '../../../components/upload/drop-area';
import { formatFileSize } from '../../../lib/download/format';
import { maxFilesPerVersion, type ChosenFile } from '../utils/version-files';
import { RemoveButton } from '../../../components/ui/remove-button';

interface VersionFilesFieldProps {
  files: readonly ChosenFile[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** The server's refusal of one file, shown beside it. */
  refused: { name: string; message: string } | null;
  disabled: boolean;
}

/** The files of a new version: dropped or chosen, each listed with its size and, when it cannot go, why. */
export function VersionFilesField({ files, onAdd, onRemove, refused, disabled }: VersionFilesFieldProps) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm" id={labelId}>
        {t('adminSoftware.files.label', { count: maxFilesPerVersion })}
      </Text>
      <DropArea onFiles={onAdd} disabled={disabled} />
      {files.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={labelId}>
          {files.map(({ key, file, problem }) => {
            const error = problem ? t(`adminSoftware.files.problems.${problem}`, { count: maxFilesPerVersion }) : refused?.name === file.name ? refused.message : null;
            return (
              <Group key={key} component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="version-file">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconFile size={16} aria-hidden />
                  <Stack gap={0} miw={0}>
                    <Text fz="sm" truncate title={file.name}>
                      {file.name} <Text span fz="xs" c="dimmed">({formatFileSize(file.size, i18n.language)})</Text>
                    </Text>
                    {error && (
                      <Text fz="xs" c="red" role="alert">
                        {error}
                      </Text>
                    )}
                  </Stack>
                </Group>
                <RemoveButton disabled={disabled} label={t('admin.upload.remove', { name: file.name })} onClick={() => onRemove(key)} />
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
