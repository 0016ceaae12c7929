import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as spanish } from '@orama/stemmers/spanish';

/*
 * The words both engines index and search, made here in JavaScript so that SQLite (FTS5,
 * unicode61) and PostgreSQL ('simple') see the same tokens: each word of the text folded (lower
 * case, accents and ligatures removed), followed by its stem in the document's language when the
 * stem differs, tagged with the language (`grippers` in English: `grippers gripper0en`). A query
 * word then matches a document in any language through that language's stem of the word.
 */

/** Snowball stemmers by language (the first part of a document's language code). */
export const stemmers: ReadonlyMap<string, (word: string) => string> = new Map([
  ['en', english],
  ['fr', french],
  ['de', german],
  ['es', spanish],
  ['it', italian],
  ['nl', dutch],
]);

/** Words longer than this are not stemmed or kept in the vocabulary (hashes, run-together text). */
const maxWordLength = 40;

const wordPattern = /[\p{L}\p{N}]+/gu;
const combiningMarks = /\p{M}+/gu;
const ligatures: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const ligaturePattern = /[ßæœøłđðþı]/g;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A word in the form both engines index: lower case, without accents (`Sécurité` → `securite`, `Straße` → `strasse`). */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  // Plain ASCII (most words) needs no Unicode work.
  if (isAscii(lower)) return lower;
  return lower.normalize('NFD').replace(combiningMarks, '').replace(ligaturePattern, (letter) => ligatures[letter]).normalize('NFC');
}

/** The words of a text (runs of letters and digits), as written. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').match(wordPattern) ?? [];
}

const hasDigit = /\d/;

/** Whether a folded word is stemmed and may be corrected: letters only, of a sensible length. */
export function isPlainWord(folded: string): boolean {
  return folded.length <= maxWordLength && !hasDigit.test(folded);
}

/** The stemmer of a language code (`de`, `de-CH`), or undefined. */
export function stemmerOf(languageCode: string): ((word: string) => string) | undefined {
  return stemmers.get(languageCode.slice(0, 2).toLowerCase());
}

/**
 * The token of a stem in one language (`gripper0en`): the digit keeps it apart from the words of
 * the text, and the language keeps a query's German stem from matching English documents.
 */
export function stemToken(stem: string, language: string): string {
  return `${stem}0${language}`;
}

/** Whether a token is a stem token (letters, `0`, two letters). */
export function isStemToken(token: string): boolean {
  const length = token.length;
  return length > 3 && token[length - 3] === '0' && /^[a-z]{2}$/.test(token.slice(length - 2)) && !hasDigit.test(token.slice(0, -3));
}

/**
 * The index tokens of a text in a language, space-separated: every folded word, and after each
 * word whose stem differs, its tagged stem. Repeats are kept (they weigh nothing in either engine).
 */
export function indexTokens(text: string, languageCode: string): string {
  const stem = stemmerOf(languageCode);
  const language = languageCode.slice(0, 2).toLowerCase();
  const stems = new Map<string, string>();
  const tokens: string[] = [];
  for (const word of wordsOf(text)) {
    const folded = foldWord(word);
    tokens.push(folded);
    if (!stem || !isPlainWord(folded)) continue;
    let stemmed = stems.get(folded);
    if (stemmed === undefined) {
      stemmed = stem(folded);
      stems.set(folded, stemmed);
    }
    if (stemmed !== folded) tokens.push(stemToken(stemmed, language));
  }
  return tokens.join(' ');
}

/** What of an index text goes into the vocabulary (for corrections and for knowing a word): plain words and stem tokens, once each. */
export function vocabularyOf(tokens: string): Set<string> {
  const words = new Set<string>();
  for (const token of tokens.split(' ')) if (token !== '' && (isPlainWord(token) || isStemToken(token))) words.add(token);
  return words;
}

/** The forms a folded query word is looked for as, besides itself as a prefix: its stem in each language, plain and tagged. */
export function stemForms(folded: string): string[] {
  if (!isPlainWord(folded)) return [];
  const forms = new Set<string>();
  for (const [language, stem] of stemmers) {
    const stemmed = stem(folded);
    if (stemmed === folded || stemmed.length < 2) continue;
    forms.add(stemmed);
    forms.add(stemToken(stemmed, language));
  }
  return [...forms];
}

/** The index tokens of a document's title and number (the number first, as one token). */
export function titleTokens(serviceRef: string, title: string, languageCode: string): string {
  return `${foldWord(serviceRef)} ${indexTokens(title, languageCode)}`;
}
