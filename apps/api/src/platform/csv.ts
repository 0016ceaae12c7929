/*
 * CSV cells that are safe to open in a spreadsheet (the audit log, the statistics and import reports).
 * A spreadsheet runs a cell as a formula when it starts with = + - @ (or a tab or carriage return). It
 * splits lines on the separator of its locale, not necessarily ours: French and German Excel split on `;`,
 * so `x;=2+5` inside one of our cells becomes a cell of its own that starts a formula. Hence every such
 * character is defused where any cell could start: at the start of the text and after every `,`, `;` or
 * line break in it (spaces and quotes in between skipped, since a spreadsheet skips them too), by putting
 * a `'` in front of it, which spreadsheets read as "this is text".
 */

const formulaStarts = new Set(['=', '+', '-', '@', '\t', '\r']);
const separators = new Set([',', ';', '\n', '\r']);
const skipped = new Set([' ', '"']);
const needsQuotes = /[",;\r\n]/;

/** The text with a `'` before every formula start at the start and after each separator (one linear pass). */
export function defuseFormulas(text: string): string {
  let out = '';
  let cellStart = true;
  for (const char of text) {
    if (cellStart && formulaStarts.has(char)) {
      out += `'${char}`;
      // A carriage return is a formula start and a separator at once: what follows it starts a cell again.
      cellStart = separators.has(char);
      continue;
    }
    out += char;
    if (separators.has(char)) cellStart = true;
    else if (!skipped.has(char)) cellStart = false;
  }
  return out;
}

/**
 * One CSV cell (RFC 4180): formula starts defused (see above), then quoted when it holds a quote, a
 * separator or a line break, or always with `quote: 'always'`.
 */
export function csvCell(value: string | number | null, quote: 'always' | 'when-needed' = 'when-needed'): string {
  const text = defuseFormulas(value === null ? '' : String(value));
  return quote === 'always' || needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
