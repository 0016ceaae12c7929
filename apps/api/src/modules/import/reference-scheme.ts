/*
 * The numbering scheme of the references the importer gives files whose name names none
 * (DOCUMENT_REFERENCE_SCHEME): letters, then one `#` per digit. `D########` numbers D00000001, D00000002 …
 */

export interface ReferenceScheme {
  prefix: string;
  digits: number;
}

const schemePattern = /^([A-Za-z]{0,10})(#{4,12})$/;

export const defaultReferenceScheme = 'D########';

/** The scheme of a text such as `D########`; throws for anything else (the configuration checks it first). */
export function parseReferenceScheme(text: string): ReferenceScheme {
  const match = schemePattern.exec(text);
  if (!match) throw new Error(`${text} is not a reference scheme: letters, then 4 to 12 #, such as D########`);
  return { prefix: match[1], digits: match[2].length };
}

/** The `number`th reference of the scheme; throws when the scheme has no digits left for it. */
export function formatReference(scheme: ReferenceScheme, number: number): string {
  const digits = String(number);
  if (!Number.isSafeInteger(number) || number < 1 || digits.length > scheme.digits) {
    throw new Error(`the reference scheme ${scheme.prefix}${'#'.repeat(scheme.digits)} has no number ${number} left`);
  }
  return `${scheme.prefix}${digits.padStart(scheme.digits, '0')}`;
}

/** Hands out the references after the highest one given so far, in order; never twice within one import. */
export function referenceCounter(scheme: ReferenceScheme, highest: number): () => string {
  let last = highest;
  return () => {
    last += 1;
    return formatReference(scheme, last);
  };
}
