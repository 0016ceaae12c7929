import { Fragment } from 'react';

/** Where a long e-mail address or reference may break: after `@`, dots, hyphens, underscores and slashes. */
const breakAfter = new Set(['@', '.', '-', '_', '/']);

/**
 * Text that wraps at word boundaries and, inside long addresses and references, only after `@`, dots,
 * hyphens and slashes (a `<wbr>` there), never in the middle of a word.
 */
export function BreakableText({ text }: { text: string }) {
  const pieces: string[] = [];
  let current = '';
  for (const char of text) {
    current += char;
    if (breakAfter.has(char)) {
      pieces.push(current);
      current = '';
    }
  }
  if (current) pieces.push(current);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
