import type { Kysely } from 'kysely';
import type { PersonalData } from '@portal/contracts/privacy';
import type { Database } from './db/schema.ts';

/*
 * Personal data, owner by owner (docs/security.md, personal data): each module that keeps a person's id,
 * e-mail or name in its tables exports a holder; the privacy module lists them and runs them together.
 */

/** Every key the tables name a person by. */
export interface Person {
  /** The portal's user id (null for a local account that never signed in). */
  userId: string | null;
  /** The identity provider's subject. */
  sub: string;
  /** Lower case. */
  email: string;
  name: string;
}

/** The sections of the export an owner fills (arrays of several owners are joined). */
export type PersonalDataSections = Partial<Omit<PersonalData, 'exportedAt' | 'subject' | 'email' | 'roles'>>;

export interface PersonalDataHolder {
  /** What the erasure report calls the owner. */
  owner: string;
  exportPersonalData(db: Kysely<Database>, person: Person): Promise<PersonalDataSections>;
  /**
   * Removes the person's rows or replaces their personal fields by the pseudonym, in the erasure's
   * transaction; answers how many rows it changed or removed.
   */
  erasePersonalData(trx: Kysely<Database>, person: Person, pseudonym: string): Promise<number>;
}

/** A pattern matching text that contains `value` anywhere (for `like`; `_` and `%` in it only widen the match). */
export const containing = (value: string) => `%${value}%`;

const wordCharacter = /[\p{L}\p{N}]/u;

/** `text` with each occurrence of `needle` (lower case) replaced, found in `lower`; with `whole`, only where no letter or digit touches it. */
function replaceAll(original: string, lower: string, needle: string, replacement: string, whole: boolean): string {
  // Where lower case changes the length (a few letters outside ASCII), the lower-case text is what is kept.
  const text = original.length === lower.length ? original : lower;
  let result = '';
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
    if (at < from) continue;
    const touching = whole && (wordCharacter.test(lower.charAt(at - 1)) || wordCharacter.test(lower.charAt(at + needle.length)));
    if (touching) continue;
    result += text.slice(from, at) + replacement;
    from = at + needle.length;
  }
  return result + text.slice(from);
}

/**
 * The text with every mention of the person replaced by the pseudonym, or undefined when it names them
 * nowhere: the e-mail anywhere in it and the name as whole words (any case), the subject and user id where
 * they are the whole text. Names shorter than three characters only as the whole text.
 */
export function pseudonymised(text: string, person: Person, pseudonym: string): string | undefined {
  if (text === '') return undefined;
  const lower = text.toLowerCase();
  const name = person.name.trim().toLowerCase();
  if ([person.sub, person.userId].includes(text) || lower === person.email || lower === name) return pseudonym;
  let result = text;
  if (person.email !== '' && lower.includes(person.email)) result = replaceAll(result, result.toLowerCase(), person.email, pseudonym, false);
  if (name.length >= 3 && result.toLowerCase().includes(name)) result = replaceAll(result, result.toLowerCase(), name, pseudonym, true);
  return result === text ? undefined : result;
}

/** A JSON value with every string `pseudonymised` (object keys too); the same value when nothing changes. */
export function pseudonymisedJson(value: unknown, person: Person, pseudonym: string): unknown {
  if (typeof value === 'string') return pseudonymised(value, person, pseudonym) ?? value;
  if (Array.isArray(value)) return value.map((item) => pseudonymisedJson(item, person, pseudonym));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [pseudonymised(key, person, pseudonym) ?? key, pseudonymisedJson(field, person, pseudonym)]),
  );
}

/** JSON text with the person's mentions replaced (`pseudonymisedJson`), written by `write`, or undefined when it names them nowhere. */
export function pseudonymisedJsonText(text: string | null, person: Person, pseudonym: string, write: (value: unknown) => string = JSON.stringify): string | undefined {
  if (text === null) return undefined;
  const value: unknown = JSON.parse(text);
  const replaced = write(pseudonymisedJson(value, person, pseudonym));
  return replaced === write(value) ? undefined : replaced;
}
