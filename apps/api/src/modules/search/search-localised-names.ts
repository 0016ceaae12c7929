import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { endsInHead, minPartLength } from './search-compounds.ts';
import { foldWord, isPlainWord, stemmerOf, wordsOf } from './search-text.ts';

/*
 * The names the web shows for document types and products in every interface language
 * (`Servogreifer G20`, `Handbuch`, `Préhenseur servo G20`) live in the web app's locales
 * (`content.documentTypes`, `content.products`). A query word that names a type or product in any
 * language matches that type's or product's documents, whatever their own language: the names
 * are matched here, once per query word, and the catalogue marks the documents by their codes, so
 * no document carries the names (nothing per document in memory or in the index).
 */

/** Where the web app keeps its locales, one JSON file per interface language. */
const localesDirectory = new URL('../../../../web/src/locales/', import.meta.url);

const localeSchema = z.object({
  content: z.object({
    documentTypes: z.record(z.string(), z.string().max(200)).default({}),
    products: z.record(z.string(), z.string().max(200)).default({}),
  }),
});

export interface LocalisedName {
  kind: 'types' | 'products';
  code: string;
  /** Interface language (`de-DE`). */
  language: string;
  name: string;
}

/** Type and product codes a query word names. */
export interface NamedCodes {
  types: string[];
  products: string[];
}

interface NameWord {
  word: string;
  /** Its stem in the name's language (the word itself when it has none). */
  stem: string;
  kind: 'types' | 'products';
  code: string;
}

/** The localised names of the web app's locales (every `*.json` of its locales folder). */
export function readLocalisedNames(directory: URL = localesDirectory): LocalisedName[] {
  const names: LocalisedName[] = [];
  for (const file of readdirSync(directory).filter((entry) => entry.endsWith('.json')).sort()) {
    const language = file.slice(0, -'.json'.length);
    const { content } = localeSchema.parse(JSON.parse(readFileSync(new URL(file, directory), 'utf8')));
    for (const [code, name] of Object.entries(content.documentTypes)) names.push({ kind: 'types', code, language, name });
    for (const [code, name] of Object.entries(content.products)) names.push({ kind: 'products', code, language, name });
  }
  return names;
}

/** Which types and products a query word names, in any interface language. */
export class LocalisedNames {
  private readonly words: NameWord[] = [];
  private readonly known = new Set<string>();

  constructor(names: Iterable<LocalisedName>) {
    const seen = new Set<string>();
    for (const { kind, code, language, name } of names) {
      const stem = stemmerOf(language);
      for (const written of wordsOf(name)) {
        const word = foldWord(written);
        if (word.length < 2) continue;
        this.known.add(word);
        const key = `${kind} ${code} ${word}`;
        if (seen.has(key)) continue;
        seen.add(key);
        this.words.push({ word, stem: stem && isPlainWord(word) ? stem(word) : word, kind, code });
      }
    }
  }

  /** Whether a folded word is a word of some name (a part compounds may be split into). */
  has(word: string): boolean {
    return this.known.has(word);
  }

  /**
   * The codes whose names hold a word that starts with `term` (as the index matches a prefix),
   * ends in it as a compound's head (`greifer` in `servogreifer`), or shares one of its stems.
   */
  codesOf(term: string, stems: readonly string[]): NamedCodes {
    const types = new Set<string>();
    const products = new Set<string>();
    if (term.length < minPartLength) return { types: [], products: [] };
    for (const { word, stem, kind, code } of this.words) {
      if (word.startsWith(term) || endsInHead(word, term) || stem === term || stems.includes(stem) || stems.includes(word)) {
        (kind === 'types' ? types : products).add(code);
      }
    }
    return { types: [...types].sort(), products: [...products].sort() };
  }
}

let loaded: LocalisedNames | undefined;

/** The names of the web app's locales, read once per process (they change with a new build only). */
export function localisedNames(): LocalisedNames {
  loaded ??= new LocalisedNames(readLocalisedNames());
  return loaded;
}
