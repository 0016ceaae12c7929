import { highlightEnd, highlightStart } from '@portal/contracts/documents';
import { foldWord } from './search-text.ts';

/** Words in a snippet, as FTS5's snippet() was asked for before (and close to ts_headline's 12–30). */
export const snippetWords = 24;

/** How far into a text a snippet is looked for: the indexed part (see maxIndexedTextLength). */
const scannedLength = 200_000;

/** Words read from the first match on: enough to pick among several windows without reading a whole manual. */
const windowsExamined = 8;

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The accented letters of Latin scripts by their base letter, so that a folded word finds its written form in a text. */
const accentedLetters: ReadonlyMap<string, string> = (() => {
  const variants = new Map<string, string>();
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFD')[0].toLowerCase();
    if (base !== letter.toLowerCase() && /^[a-z]$/.test(base)) variants.set(base, (variants.get(base) ?? '') + letter);
  }
  return variants;
})();

/** Written forms of folded letter pairs that were one letter (see foldWord). */
const foldedPairs: Record<string, string> = { ss: 'ß', ae: 'æ', oe: 'œ' };

/** A regular expression source matching a folded word as written (any accents, `ss` as `ß`): classes and fixed alternatives only. */
function writtenForms(folded: string): string {
  let source = '';
  for (let i = 0; i < folded.length; i++) {
    const pair = folded.slice(i, i + 2);
    if (foldedPairs[pair]) {
      source += `(?:${pair}|${foldedPairs[pair]})`;
      i++;
      continue;
    }
    const letter = folded[i];
    const variants = accentedLetters.get(letter);
    source += variants ? `[${letter}${variants}]` : letter;
  }
  return source;
}

interface Token {
  start: number;
  end: number;
  /** Index of the first search term this word starts with, or -1. */
  term: number;
}

/** Where to start reading: three words before the first word that starts with a term (the text's start when none does). */
function readingStart(text: string, terms: readonly string[]): number {
  // Terms are runs of letters and digits (parseSearchTerms), so they need no escaping.
  const first = text.search(new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(writtenForms).join('|')})`, 'iu'));
  if (first <= 0) return 0;
  const before = Math.max(0, first - 200);
  const words = [...text.slice(before, first).matchAll(wordPattern)];
  return before + (words.at(-3)?.index ?? words[0]?.index ?? first - before);
}

function tokensFrom(text: string, start: number, terms: readonly string[], limit: number): Token[] {
  const tokens: Token[] = [];
  const pattern = new RegExp(wordPattern.source, 'gu');
  pattern.lastIndex = start;
  for (let match = pattern.exec(text); match && tokens.length < limit; match = pattern.exec(text)) {
    const word = foldWord(match[0]);
    tokens.push({ start: match.index, end: match.index + match[0].length, term: terms.findIndex((term) => word.startsWith(term)) });
  }
  return tokens;
}

/** The window of `snippetWords` words holding the most different terms, then the most matches. */
function bestWindowStart(tokens: readonly Token[], termCount: number): number {
  let best = 0;
  let bestScore = 0;
  for (let first = 0; first < tokens.length; first++) {
    if (tokens[first].term < 0) continue;
    const start = Math.max(0, first - 3);
    const seen = new Set<number>();
    let matches = 0;
    for (let i = start; i < Math.min(tokens.length, start + snippetWords); i++) {
      if (tokens[i].term >= 0) {
        seen.add(tokens[i].term);
        matches += 1;
      }
    }
    const score = seen.size * 1000 + matches;
    if (score > bestScore) {
      best = start;
      bestScore = score;
      if (seen.size === termCount && matches >= snippetWords / 2) break;
    }
  }
  return best;
}

/**
 * A short passage of a document's text around the search words, each word whose folded form
 * (foldWord) starts with a term (folded too) wrapped in the highlight markers, '…' where the text goes on. The same for both database
 * engines, so their answers agree.
 */
export function textSnippet(fullText: string, words: readonly string[]): string {
  const text = fullText.length > scannedLength ? fullText.slice(0, scannedLength) : fullText;
  const terms = words.map(foldWord);
  const from = readingStart(text, terms);
  const tokens = tokensFrom(text, from, terms, snippetWords * windowsExamined);
  if (tokens.length === 0) return '';
  const start = bestWindowStart(tokens, terms.length);
  const end = Math.min(tokens.length, start + snippetWords);
  let snippet = tokens[start].start > 0 && /[\p{L}\p{N}]/u.test(text.slice(0, tokens[start].start)) ? '…' : '';
  let cursor = tokens[start].start;
  for (let i = start; i < end; i++) {
    const token = tokens[i];
    if (token.term < 0) continue;
    snippet += text.slice(cursor, token.start) + highlightStart + text.slice(token.start, token.end) + highlightEnd;
    cursor = token.end;
  }
  const last = tokens[end - 1].end;
  const rest = text.slice(last);
  if (/[\p{L}\p{N}]/u.test(rest)) return `${snippet + text.slice(cursor, last)}…`;
  return snippet + text.slice(cursor).trimEnd();
}
