import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentData } from '@portal/contracts/documents';
import { languageName } from '../../lib/i18n/language-name';

/**
 * Says, in the reader's language, that the translation shown follows an older significant revision of its
 * source, and opens the source (when the reader may see it) in one click.
 */
export function TranslationBehindBanner({ data, onOpenSource }: { data: DocumentData; onOpenSource: (serviceRef: string) => void }) {
  const { t, i18n } = useTranslation();
  const translation = data.translation;
  if (!translation?.behind || translation.sourceLatest === null) return null;
  const language = languageName(translation.sourceLanguage, i18n.language);
  const source = data.variants.find((variant) => variant.id === translation.sourceDocumentId);
  return (
    <Alert color="yellow" variant="light" radius={0} p="xs" icon={<IconLanguage size={18} aria-hidden />} data-testid="translation-behind-banner">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fz="sm" fw={500}>
          {t('viewer.translation.behind', { language, follows: translation.follows, latest: translation.sourceLatest })}
        </Text>
        {source && (
          <Button size="compact-sm" variant="filled" color="yellow.9" onClick={() => onOpenSource(source.serviceRef)}>
            {t('viewer.translation.openSource', { language })}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
