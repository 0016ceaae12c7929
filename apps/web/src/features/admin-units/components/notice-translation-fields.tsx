import { Button, Fieldset, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/i18n/language-name';
import { supportedLocales } from '../../../lib/i18n/locales';

/** The languages a notice is written or translated in: those of the interface. */
export const noticeLanguages = supportedLocales.map((locale) => locale.slice(0, 2));

export interface NoticeText {
  language: string;
  title: string;
  body: string;
}

/** The language picker of a notice's text, names in the interface language. */
export function NoticeLanguageSelect({ label, value, onChange, exclude = [] }: { label: string; value: string; onChange: (language: string) => void; exclude?: readonly string[] }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const data = noticeLanguages.filter((language) => language === value || !exclude.includes(language)).map((language) => ({ value: language, label: languageName(language, locale) }));
  return <Select label={label} data={data} value={value} allowDeselect={false} onChange={(language) => language && onChange(language)} />;
}

/** One translation of a notice: its title and text in another language. */
export function NoticeTranslationFields({ text, onChange, onRemove, exclude }: { text: NoticeText; onChange: (text: NoticeText) => void; onRemove?: () => void; exclude: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const name = languageName(text.language, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Fieldset legend={name} variant="filled">
      <Stack gap="xs">
        <NoticeLanguageSelect label={t('noticeTranslations.translationLanguage')} value={text.language} exclude={exclude} onChange={(language) => onChange({ ...text, language })} />
        <TextInput label={t('noticeTranslations.translationTitle', { language: name })} value={text.title} onChange={(event) => onChange({ ...text, title: event.currentTarget.value })} required lang={text.language} />
        <Textarea label={t('noticeTranslations.translationText', { language: name })} value={text.body} onChange={(event) => onChange({ ...text, body: event.currentTarget.value })} rows={3} lang={text.language} />
        {onRemove && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={onRemove}>{t('noticeTranslations.removeTranslation', { language: name })}</Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
