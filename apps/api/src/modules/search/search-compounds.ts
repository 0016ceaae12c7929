/*
 * German compounds (`servogreifer`, `werkzeugwechsler`), split and joined through the words the
 * catalogue knows (its vocabulary and the localised names): no list of German words, no pattern.
 * Each split point of a word is tried once, with a few linking letters (`sicherheit|s|hinweise`),
 * so the work per word is bounded by its length.
 */

/** Shortest part of a compound, and the fewest letters a word needs to be split. */
export const minPartLength = 3;
const minCompoundLength = 2 * minPartLength;

/** Fewest letters of a head word whose compounds are looked for (`ger` is the end of too many words). */
const minHeadLength = 4;

/** Most parts a compound is split into (a German compound seldom has more). */
const maxParts = 3;

/** Linking letters (Fugenelemente) that may join two parts: `sicherheit-s-hinweise`, `bauteil-e-liste`. */
const linkingLetters = ['s', 'es', 'n', 'en', 'e'];

/** The parts of `word` when every part is a known word: `servogreifer` → [`servo`, `greifer`]; null when it does not split so. */
export function splitCompound(word: string, known: (part: string) => boolean): string[] | null {
  if (word.length < minCompoundLength) return null;
  return splitInto(word, known, maxParts);
}

function splitInto(word: string, known: (part: string) => boolean, parts: number): string[] | null {
  // The longest known head first: `sicherheitshinweise` is `sicherheit` + `hinweise`, not `sicher` + …
  for (let cut = word.length - minPartLength; cut >= minPartLength; cut--) {
    const head = word.slice(cut);
    if (!known(head)) continue;
    const modifier = word.slice(0, cut);
    for (const left of modifierForms(modifier)) {
      if (known(left)) return [left, head];
      if (parts > 2 && left.length >= minCompoundLength) {
        const split = splitInto(left, known, parts - 1);
        if (split) return [...split, head];
      }
    }
  }
  return null;
}

/** The modifier as written, and without a linking letter or two when what remains is long enough. */
function modifierForms(modifier: string): string[] {
  const forms = [modifier];
  for (const link of linkingLetters) {
    if (modifier.length - link.length >= minPartLength && modifier.endsWith(link)) forms.push(modifier.slice(0, -link.length));
  }
  return forms;
}

/**
 * Whether `compound` ends in the known word `head` after a modifier of its own (`vakuumgreifer`
 * for `greifer`): the compounds a head word finds.
 */
export function endsInHead(compound: string, head: string): boolean {
  return head.length >= minHeadLength && compound.length - head.length >= minPartLength && compound.endsWith(head);
}
