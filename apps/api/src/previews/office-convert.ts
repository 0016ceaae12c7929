import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runConverter } from './run-tool.ts';

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
 * Settings of every run's fresh profile: linked images and other external content are not loaded
 * (the sandbox has no network either), macros never run, no update check.
 */
const profileSettings = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments"><prop oor:name="AutoCheckEnabled" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

async function freshProfile(workDir: string): Promise<string> {
  const profile = join(workDir, `profile-${randomUUID()}`);
  await mkdir(join(profile, 'user'), { recursive: true });
  await writeFile(join(profile, 'user', 'registrymodifications.xcu'), profileSettings);
  return pathToFileURL(profile).href;
}

/**
 * Converts an Office file to PDF with headless LibreOffice, in the sandbox (no network, no files
 * but its input and `workDir`), and returns the PDF's bytes. Each run gets its own user profile
 * inside `workDir`: runs sharing a profile block or break one another.
 */
export async function convertOfficeToPdf(soffice: string, inputPath: string, workDir: string, timeoutMs = 120_000): Promise<Buffer> {
  const outDir = join(workDir, `out-${randomUUID()}`);
  const profile = await freshProfile(workDir);
  await withConversionSlot(() =>
    runConverter(
      soffice,
      ['--headless', '--norestore', '--nolockcheck', '--nodefault', '--nologo', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf', '--outdir', outDir, inputPath],
      { timeoutMs, sandbox: { workDir, inputs: [inputPath] } },
    ),
  );
  const output = join(outDir, `${basename(inputPath, extname(inputPath))}.pdf`);
  return readFile(output).catch(() => {
    throw new Error('LibreOffice finished without writing a PDF (the file may be damaged or protected)');
  });
}
