import { Mark, Text } from '@mantine/core';
import { splitHighlights } from '../utils/split-highlights';

/** A search snippet with its matches in `<mark>`, built as React text nodes (never innerHTML). */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  if (!snippet) return null;
  return (
    <Text fz="sm" c="dimmed" lineClamp={3} data-testid="result-snippet">
      {splitHighlights(snippet).map((part, index) =>
        part.highlighted ? (
          <Mark key={index} color="orange">
            {part.text}
          </Mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
