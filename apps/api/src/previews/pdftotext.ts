import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runConverter } from './run-tool.ts';
import { withTempDir } from './stored-file-access.ts';

/** Longest poppler's pdftotext may read one PDF. */
export const pdftotextTimeoutMs = 60_000;

/** Most text kept of one PDF (the search index needs no more). */
const maxTextBytes = 20 * 1024 * 1024;

/**
 * The text of a PDF read by poppler's `pdftotext`, the second extractor after pdf.js: in the
 * converter sandbox, with a time limit. Pages are separated by a blank line (pdftotext ends each
 * page with a form feed); the page count is the number of pages it wrote.
 */
export async function pdftotextExtract(pdftotext: string, bytes: Uint8Array, timeoutMs = pdftotextTimeoutMs): Promise<{ text: string; pageCount: number }> {
  return withTempDir(async (dir) => {
    const input = join(dir, 'document.pdf');
    const output = join(dir, 'document.txt');
    await writeFile(input, bytes);
    await runConverter(pdftotext, ['-q', '-enc', 'UTF-8', input, output], { timeoutMs, sandbox: { workDir: dir, inputs: [input] } });
    if ((await stat(output)).size > maxTextBytes) throw new Error(`pdftotext wrote more than ${maxTextBytes} bytes of text`);
    const pages = (await readFile(output, 'utf8')).split('\f');
    // The last form feed ends the last page: what follows it is not a page.
    if (pages.length > 1 && pages.at(-1)?.trim() === '') pages.pop();
    return { text: pages.map((page) => page.replace(/[ \t]+/g, ' ').trim()).join('\n\n').trim(), pageCount: pages.length };
  });
}
