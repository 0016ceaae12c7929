import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTool } from './run-tool.ts';

/** LibreOffice runs that may run at once in this process (each takes a few hundred MB). */
const maxParallelConversions = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withConversionSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxParallelConversions) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Converts an Office file to PDF with headless LibreOffice and returns the PDF's bytes. Each run
 * gets its own user profile inside `workDir`: runs sharing a profile block or break one another.
 */
export async function convertOfficeToPdf(soffice: string, inputPath: string, workDir: string, timeoutMs = 120_000): Promise<Buffer> {
  const outDir = join(workDir, `out-${randomUUID()}`);
  const profile = pathToFileURL(join(workDir, `profile-${randomUUID()}`)).href;
  await withConversionSlot(() =>
    runTool(
      soffice,
      ['--headless', '--norestore', '--nolockcheck', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf', '--outdir', outDir, inputPath],
      { timeoutMs, cwd: workDir },
    ),
  );
  const output = join(outDir, `${basename(inputPath, extname(inputPath))}.pdf`);
  return readFile(output).catch(() => {
    throw new Error('LibreOffice finished without writing a PDF (the file may be damaged or protected)');
  });
}
