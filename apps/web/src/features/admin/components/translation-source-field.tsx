import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CodeOption } from '../hooks/use-code-options';

export interface TranslationSource {
  sourceLanguage: string | null;
  followsRevision: string | null;
}

interface TranslationSourceFieldProps {
  languages: CodeOption[];
  /** The document's own language: a translation's source is in another one. */
  ownLanguage: string | null;
  value: TranslationSource;
  onChange: (value: TranslationSource) => void;
}

/** Whether the document is a translation: the language of its source and the source revision it was translated from. */
export function TranslationSourceField({ languages, ownLanguage, value, onChange }: TranslationSourceFieldProps) {
  const { t } = useTranslation();
  return (
    <Group grow align="start">
      <Select
        label={t('admin.fields.sourceLanguage')}
        description={t('admin.fields.sourceLanguageHint')}
        placeholder={t('admin.fields.isSource')}
        data={languages.filter((option) => option.value !== ownLanguage)}
        value={value.sourceLanguage}
        onChange={(sourceLanguage) => onChange({ sourceLanguage, followsRevision: sourceLanguage ? value.followsRevision : null })}
        clearable
        searchable
      />
      <TextInput
        label={t('admin.fields.followsRevision')}
        description={t('admin.fields.followsRevisionHint')}
        value={value.followsRevision ?? ''}
        onChange={(event) => onChange({ ...value, followsRevision: event.currentTarget.value.trim() || null })}
        disabled={!value.sourceLanguage}
        required={value.sourceLanguage !== null}
        maxLength={32}
      />
    </Group>
  );
}
