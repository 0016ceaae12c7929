import { Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TranslationStatus } from '@portal/contracts/documents';
import { languageName } from '../../lib/i18n/language-name';

/** On a card or list row: says, in the reader's language, that a translation is behind its source; nothing otherwise. */
export function TranslationBehindMarker({ translation }: { translation: TranslationStatus | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!translation?.behind || translation.sourceLatest === null) return null;
  const language = languageName(translation.sourceLanguage, i18n.language);
  return (
    <Text
      fz="xs"
      fw={500}
      data-testid="translation-behind-marker"
      // The warning colour's darkest and lightest shades keep 4.5:1 against the card in each scheme.
      style={{ display: 'flex', gap: 4, alignItems: 'center', color: 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))' }}
    >
      <IconLanguage size={14} aria-hidden style={{ flex: 'none' }} />
      {t('viewer.translation.behind', { language, follows: translation.follows, latest: translation.sourceLatest })}
    </Text>
  );
}
