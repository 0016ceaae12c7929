import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface VersionIdentityFieldsProps {
  version: string;
  onVersion: (version: string) => void;
  releaseDate: string;
  onReleaseDate: (date: string) => void;
  /** More fields on the same row (a software version's status). */
  children?: ReactNode;
}

/** The version number and release date every new software or library version asks for. */
export function VersionIdentityFields({ version, onVersion, releaseDate, onReleaseDate, children }: VersionIdentityFieldsProps) {
  const { t } = useTranslation();
  return (
    <Group grow align="start" wrap="wrap">
      <TextInput
        label={t('adminSoftware.fields.versionNumber')}
        description={t('adminSoftware.fields.versionNumberHint')}
        value={version}
        onChange={(event) => onVersion(event.currentTarget.value)}
        required
        maxLength={40}
        miw={160}
      />
      <TextInput type="date" label={t('adminSoftware.fields.releaseDate')} value={releaseDate} onChange={(event) => onReleaseDate(event.currentTarget.value)} required miw={160} />
      {children}
    </Group>
  );
}
