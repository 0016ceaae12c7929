import { Anchor, Text } from '@mantine/core';
import { Trans } from 'react-i18next';

interface DidYouMeanProps {
  /** The corrected query the API offered. */
  suggestion: string;
  onSearch: (query: string) => void;
}

/** "Did you mean …?" with the corrected query as a link that searches for it. */
export function DidYouMean({ suggestion, onSearch }: DidYouMeanProps) {
  return (
    <Text data-testid="did-you-mean">
      <Trans
        i18nKey="resources.didYouMean"
        values={{ query: suggestion }}
        components={{ link: <Anchor component="button" type="button" fw={600} fz="inherit" onClick={() => onSearch(suggestion)} /> }}
      />
    </Text>
  );
}
