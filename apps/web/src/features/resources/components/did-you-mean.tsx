import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DidYouMeanProps {
  /** The corrected query the API offered. */
  suggestion: string;
  onSearch: (query: string) => void;
}

/** "Did you mean …?" with the corrected query as a link that searches for it. */
export function DidYouMean({ suggestion, onSearch }: DidYouMeanProps) {
  const { t } = useTranslation();
  return (
    <Text data-testid="did-you-mean">
      {t('resources.didYouMean')}{' '}
      <Anchor component="button" type="button" fw={600} fz="inherit" onClick={() => onSearch(suggestion)}>
        {suggestion}
      </Anchor>
      {t('resources.didYouMeanEnd')}
    </Text>
  );
}
