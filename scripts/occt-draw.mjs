// Runs a Tcl script in OpenCascade's DRAW (Debian package `occt-draw`, development and bench time only: the portal
// itself converts with occt-import-js). Debian 12's DRAW loads its plug-ins under the unversioned library names
// (libTKTopTest.so) that only the -dev packages provide; where they are missing, a temporary folder of symbolic
// links to the versioned libraries goes on LD_LIBRARY_PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const drawBinary = '/usr/bin/occt-draw';
const libraryFolders = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'];

/** Links `libTKx.so -> libTKx.so.N` for every OpenCascade library that lacks its unversioned name. */
function linkUnversionedLibraries(folder) {
  for (const libraries of libraryFolders.filter(existsSync)) {
    for (const name of readdirSync(libraries)) {
      const match = /^(libTK\w+\.so)\.\d+$/.exec(name);
      if (match && !existsSync(join(libraries, match[1])) && !existsSync(join(folder, match[1]))) symlinkSync(join(libraries, name), join(folder, match[1]));
    }
  }
}

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
