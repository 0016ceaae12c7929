import { highlightEnd, highlightStart } from '@portal/contracts/search-highlights';

export interface SnippetPart {
  text: string;
  highlighted: boolean;
}

/**
 * Splits a search snippet on the server's private-use markers (U+E000 opens, U+E001 closes a match)
 * into plain and highlighted runs. The text is never parsed as HTML; stray markers are dropped.
 */
export function splitHighlights(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let highlighted = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, highlighted });
    text = '';
  };
  for (const character of snippet) {
    if (character === highlightStart || character === highlightEnd) {
      flush();
      highlighted = character === highlightStart;
    } else {
      text += character;
    }
  }
  flush();
  return parts;
}
