// Runs a Tcl script in OpenCascade's DRAW (Debian package `occt-draw`) at development and bench time: the demo's
// CAD models, the bench's STEP assembly. Where the unversioned library names DRAW's plug-ins need are missing, a
// temporary folder of symbolic links to the versioned libraries goes on LD_LIBRARY_PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkUnversionedLibraries } from '../apps/api/src/previews/occt-libraries.mjs';

const drawBinary = '/usr/bin/occt-draw';

/**
 * Runs `script` with the Tcl variables `variables` set first (strings). Throws with DRAW's output when it fails or
 * prints an error.
 * @param {string} script path of the Tcl file
 * @param {Record<string, string>} variables
 * @returns {string} DRAW's output
 */
export function runOcctDraw(script, variables) {
  if (!existsSync(drawBinary)) throw new Error('OpenCascade DRAW is missing: install it with `apt-get install -y occt-draw`');
  const work = mkdtempSync(join(tmpdir(), 'occt-draw-'));
  try {
    linkUnversionedLibraries(work);
    const quote = (value) => `{${String(value).replace(/[{}\\]/g, '')}}`;
    const prelude = join(work, 'run.tcl');
    writeFileSync(prelude, `${Object.entries(variables).map(([name, value]) => `set ${name} ${quote(value)}`).join('\n')}\nsource ${quote(script)}\n`);
    const env = { ...process.env, LD_LIBRARY_PATH: [work, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') };
    const run = spawnSync(drawBinary, ['-b', '-f', prelude], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    if (run.status !== 0 || /(\berror\b|is protected|invalid command|is undefined)/i.test(output)) throw new Error(`occt-draw failed:\n${output.slice(-4000)}`);
    return output;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
