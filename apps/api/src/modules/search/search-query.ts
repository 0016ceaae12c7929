import { splitCompound } from './search-compounds.ts';
import type { LocalisedNames, NamedCodes } from './search-localised-names.ts';
import { foldWord, isPlainWord, stemForms } from './search-text.ts';
import type { SearchVocabulary } from './search-vocabulary.ts';

/** Most words a query may use; the rest are ignored (each word is one more index lookup). */
export const maxSearchTerms = 8;

/** Fewest letters of a word that may be corrected by one edit, and by two. */
const oneEditFrom = 5;
const twoEditsFrom = 9;

/** Corrections tried per word. */
const maxCorrections = 5;

/** Compounds a head word is looked for as, besides itself (`greifer`: `servogreifer`, `vakuumgreifer`). */
const maxCompounds = 8;

/**
 * A known word is corrected only when a word an edit or two away is in this many times as many
 * documents (a rare spelling next to a common one is most likely a typo of it).
 */
const correctionRatio = 5;

const wordPattern = /[\p{L}\p{N}]+/gu;

/** A document number (`D28092504`, or the start of one): letters and at least three digits. */
export function looksLikeDocumentNumber(term: string): boolean {
  let digits = 0;
  for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) >= 48 && term.charCodeAt(i) <= 57) digits++;
  return digits >= 3;
}

/**
 * The words of a search box query, folded (lower case, no accents): runs of letters and digits.
 * Everything else, operators of either engine included (`"`, `*`, `:`, `&`, `|`, `!`, `(`, `-`,
 * `NEAR` as a word is harmless), is a separator, so user input can never change the shape of the
 * full-text query. The revision of a share link's number (`D28092504-A`) is dropped.
 */
export function parseSearchTerms(q: string | undefined): string[] {
  const text = (q ?? '').normalize('NFC');
  const words: string[] = [];
  let previous: { term: string; end: number } | null = null;
  for (const match of text.matchAll(wordPattern)) {
    const term = foldWord(match[0]);
    const revision = previous !== null && looksLikeDocumentNumber(previous.term) && text[previous.end] === '-' && previous.end + 1 === match.index && term.length <= 2;
    if (!revision) words.push(term);
    previous = { term, end: match.index + match[0].length };
  }
  return [...new Set(words)].slice(0, maxSearchTerms);
}

/** How one query word is looked for. */
export interface TermPlan {
  /** The folded word, matched as a prefix of an indexed word. */
  term: string;
  /**
   * Its stems (plain and tagged with their language), and the compounds of the vocabulary it is
   * the head of (`greifer`: `servogreifer`), matched whole: exact matches with `term`.
   */
  stems: string[];
  /** Its parts when it is a compound of known words (`servogreifer`: `servo`, `greifer`), else empty: all of them match it exactly, its head alone below. */
  parts: string[];
  /** The types and products whose localised names it names (`handbuch`: manual): their documents match it exactly. */
  named: NamedCodes;
  /** Known words a typo or two away, matched whole and ranked below exact matches; empty for a known word. */
  corrections: string[];
}

const noNames: NamedCodes = { types: [], products: [] };

/**
 * The compound forms of a word: its parts when it splits into words of the vocabulary or of the
 * localised names, and the vocabulary's compounds it is the head of.
 */
function compoundForms(term: string, vocabulary: SearchVocabulary, names: LocalisedNames | undefined): { parts: string[]; compounds: string[] } {
  if (!isPlainWord(term)) return { parts: [], compounds: [] };
  const known = (word: string) => vocabulary.documents(word) > 0 || names?.has(word) === true;
  const parts = splitCompound(term, known) ?? [];
  const compounds = known(term) ? vocabulary.compoundsEndingIn(term, maxCompounds) : [];
  return { parts, compounds };
}

/** How a word is looked for, given the vocabulary of the indexed documents and the localised names of types and products. */
export function planTerm(term: string, vocabulary: SearchVocabulary, names?: LocalisedNames): TermPlan {
  const { parts, compounds } = compoundForms(term, vocabulary, names);
  const stems = [...new Set([...stemForms(term), ...compounds])];
  const named = names ? names.codesOf(term, stems) : noNames;
  const maxEdits = term.length >= twoEditsFrom ? 2 : term.length >= oneEditFrom ? 1 : 0;
  // A word that names a type or product is known, whether or not a document's text holds it.
  const namesSomething = named.types.length + named.products.length > 0;
  if (maxEdits === 0 || !isPlainWord(term) || namesSomething) return { term, stems, parts, named, corrections: [] };
  const known = Math.max(vocabulary.prefixDocuments(term), ...stems.map((stem) => vocabulary.documents(stem)), ...parts.map((part) => vocabulary.documents(part)));
  const corrections = vocabulary
    .corrections(term, maxEdits, maxCorrections * 2)
    .filter((candidate) => !candidate.word.startsWith(term) && !stems.includes(candidate.word) && candidate.documents >= Math.max(1, known * correctionRatio))
    .slice(0, maxCorrections)
    .map((candidate) => candidate.word);
  return { term, stems, parts, named, corrections };
}

/** How each query word is looked for, remembered per vocabulary. */
export function planTerms(vocabulary: SearchVocabulary, terms: readonly string[], names?: LocalisedNames): TermPlan[] {
  return terms.map((term) => {
    const known = vocabulary.memo.get(term) as TermPlan | undefined;
    if (known) return known;
    const plan = planTerm(term, vocabulary, names);
    vocabulary.memo.set(term, plan);
    return plan;
  });
}

/** "Did you mean": the query with each corrected word replaced by its best correction, or null when no word was corrected. */
export function didYouMean(plans: readonly TermPlan[]): string | null {
  if (!plans.some((plan) => plan.corrections.length > 0)) return null;
  return plans.map((plan) => plan.corrections[0] ?? plan.term).join(' ');
}

/** The words a snippet marks: word starts, for the word itself, its plain stems and its corrections. */
export function highlightPrefixes(plans: readonly TermPlan[]): string[] {
  const prefixes = plans.flatMap((plan) => [plan.term, ...plan.stems.filter(isPlainWord).filter((stem) => stem.length >= 3), ...plan.parts, ...plan.corrections]);
  return [...new Set(prefixes)];
}

const quoted = (token: string) => `"${token}"`;

/** The head of a compound (its last part), looked for alone below its exact forms; none for a plain word. */
function headOf(plan: TermPlan): string[] {
  return plan.parts.length > 0 ? [plan.parts[plan.parts.length - 1]] : [];
}

/** FTS5 query of a word's exact forms: the word as a prefix, any stem, or all its parts (`("grippers"* OR "gripper" OR "gripper0en")`). */
export function fts5ExactQuery(plan: TermPlan): string {
  const parts = plan.parts.length > 0 ? [`(${plan.parts.map(quoted).join(' AND ')})`] : [];
  return `(${[`${quoted(plan.term)}*`, ...plan.stems.map(quoted), ...parts].join(' OR ')})`;
}

/** FTS5 query of a word's corrections and a compound's head, or null when it has neither. */
export function fts5CorrectionsQuery(plan: TermPlan): string | null {
  const loose = [...plan.corrections, ...headOf(plan)];
  return loose.length > 0 ? `(${loose.map(quoted).join(' OR ')})` : null;
}

/** PostgreSQL tsquery text of a word's exact forms: the word as a prefix, any stem, or all its parts (`grippers:* | gripper | gripper0en`). */
export function tsExactQuery(plan: TermPlan): string {
  const parts = plan.parts.length > 0 ? [`(${plan.parts.join(' & ')})`] : [];
  return [`${plan.term}:*`, ...plan.stems, ...parts].join(' | ');
}

/** PostgreSQL tsquery text of a word's corrections and a compound's head, or null when it has neither. */
export function tsCorrectionsQuery(plan: TermPlan): string | null {
  const loose = [...plan.corrections, ...headOf(plan)];
  return loose.length > 0 ? loose.join(' | ') : null;
}
