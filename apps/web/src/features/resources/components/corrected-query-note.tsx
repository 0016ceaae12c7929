import { Anchor, Text } from '@mantine/core';
import { Trans } from 'react-i18next';

interface CorrectedQueryNoteProps {
  /** The query with its misspellings corrected: what the results shown were found for. */
  corrected: string;
  /** The query as typed. */
  typed: string;
  /** Runs the search for the words as typed, without corrections. */
  onSearchAsTyped: () => void;
}

// Each renders its own words: the text Trans would hand them as children is not used.
function Corrected({ text }: { text: string }) {
  return <strong>{text}</strong>;
}

function AsTypedLink({ text, onClick }: { text: string; onClick: () => void }) {
  return (
    <Anchor component="button" type="button" fz="inherit" td="underline" onClick={onClick}>
      {text}
    </Anchor>
  );
}

/**
 * "Showing results for manual — search instead for manaul" (issue 32): the results already are
 * those of the corrected query, so it is named as what is shown, and the typed words are the link.
 */
export function CorrectedQueryNote({ corrected, typed, onSearchAsTyped }: CorrectedQueryNoteProps) {
  return (
    <Text data-testid="corrected-query">
      <Trans
        i18nKey="resources.showingResultsFor"
        values={{ corrected, typed }}
        components={{ strong: <Corrected text={corrected} />, link: <AsTypedLink text={typed} onClick={onSearchAsTyped} /> }}
      />
    </Text>
  );
}
