import { createReadStream } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runConverter } from '../../previews/run-tool.ts';

/*
 * PDF/A-2b for the VDI 2770 export: ghostscript rewrites a PDF with an sRGB output intent, in the converters'
 * sandbox (no network, only its input and working folder), with a time limit and a memory limit of its own
 * (`-K`); a PDF it cannot read fails (`-dPDFSTOPONERROR`) rather than turning into an empty one. A PDF that
 * is PDF/A already (its XMP names a pdfaid:part) is kept as it is.
 */

export const pdfaTimeoutMs = 120_000;
/** Most memory ghostscript may allocate at once, in KiB. */
export const pdfaMemoryKib = 512 * 1024;

/** Where Debian's ghostscript keeps the sRGB profile the output intent embeds. */
const iccCandidates = ['/usr/share/color/icc/ghostscript/srgb.icc', '/usr/share/ghostscript/iccprofiles/srgb.icc'];

const marker = Buffer.from('pdfaid:part');

/** Whether the file's XMP metadata already identifies it as PDF/A (read as a stream: memory stays flat). */
export async function isPdfA(path: string): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path)) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (window.includes(marker)) return true;
    tail = window.subarray(Math.max(0, window.length - marker.length));
  }
  return false;
}

async function iccProfile(): Promise<string> {
  for (const candidate of iccCandidates) {
    if (await access(candidate).then(() => true, () => false)) return candidate;
  }
  throw new Error('ghostscript\'s sRGB profile (srgb.icc) is not installed');
}

/** The PostScript that gives the output the PDF/A output intent (after ghostscript's lib/PDFA_def.ps). */
const definition = (icc: string) => `/ICCProfile (${icc}) def
[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark
[{icc_PDFA} << /N 3 >> /PUT pdfmark
[{icc_PDFA} ICCProfile (r) file /PUT pdfmark
[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark
[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA} /OutputConditionIdentifier (sRGB) >> /PUT pdfmark
[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark
`;

/** Converts `input` to PDF/A-2b at `output` (both in or readable from `workDir`); rejects when ghostscript cannot. */
export async function convertToPdfA(gs: string, input: string, output: string, workDir: string, timeoutMs = pdfaTimeoutMs): Promise<void> {
  const icc = await iccProfile();
  const defFile = join(workDir, 'pdfa-def.ps');
  await writeFile(defFile, definition(icc));
  const args = [
    '-q', '-dBATCH', '-dNOPAUSE', '-dSAFER', '-dPDFSTOPONERROR', `-K${pdfaMemoryKib}`, `--permit-file-read=${icc}`,
    '-dPDFA=2', '-dPDFACompatibilityPolicy=1', '-sColorConversionStrategy=RGB', '-sDEVICE=pdfwrite',
    `-sOutputFile=${output}`, defFile, input,
  ];
  await runConverter(gs, args, { timeoutMs, sandbox: { workDir, inputs: [input, icc] } });
  if (!(await isPdfA(output))) throw new Error('ghostscript wrote no PDF/A identification');
}
