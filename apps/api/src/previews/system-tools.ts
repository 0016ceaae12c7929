import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { sandboxKind } from './sandbox.ts';

/** Optional programs the previews use; null when not installed. */
export interface SystemTools {
  /** LibreOffice, for Office → PDF. */
  soffice: string | null;
  /** ffmpeg, for video poster frames. */
  ffmpeg: string | null;
  /** poppler's pdftotext, the second text extractor when pdf.js reads no text (optional: absent is none). */
  pdftotext?: string | null;
  /** OpenCascade's DRAW (Debian's occt-draw), the native reader of large STEP, IGES and BREP files (optional). */
  occtDraw?: string | null;
}

export async function findExecutable(names: string[], path = process.env.PATH ?? ''): Promise<string | null> {
  for (const folder of path.split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(folder, name);
      const found = await access(candidate, constants.X_OK).then(() => true, () => false);
      if (found) return candidate;
    }
  }
  return null;
}

/**
 * Looks for LibreOffice, ffmpeg, pdftotext and OpenCascade's DRAW once, at start, and says once what is missing: the affected
 * previews then answer "no preview" (Office) or fall back to a type icon (video posters). Says too
 * when the sandbox the converters run in is weaker than bubblewrap, or missing.
 */
export async function detectSystemTools(log: { warn(message: string): void }, path?: string): Promise<SystemTools> {
  const tools: SystemTools = {
    soffice: await findExecutable(['soffice', 'libreoffice'], path),
    ffmpeg: await findExecutable(['ffmpeg'], path),
    pdftotext: await findExecutable(['pdftotext'], path),
    occtDraw: await findExecutable(['occt-draw'], path),
  };
  if (!tools.soffice) log.warn('LibreOffice (soffice) is not installed: Office documents get no PDF preview, text or thumbnail');
  if (!tools.ffmpeg) log.warn('ffmpeg is not installed: videos get a type icon instead of a poster frame');
  if (!tools.pdftotext) log.warn('pdftotext (poppler-utils) is not installed: PDFs pdf.js cannot read get no text');
  if (!tools.occtDraw) log.warn('OpenCascade DRAW (occt-draw) is not installed: large STEP and IGES files are read by the slower WebAssembly reader only');
  if (tools.soffice || tools.ffmpeg || tools.pdftotext || tools.occtDraw) {
    const sandbox = await sandboxKind();
    if (sandbox === 'none') log.warn('Neither bubblewrap nor unshare can run here: LibreOffice and ffmpeg are not used (install bubblewrap)');
    else if (sandbox === 'unshare') log.warn('bubblewrap is not installed: converters run without network but see all files (install bubblewrap)');
  }
  return tools;
}
