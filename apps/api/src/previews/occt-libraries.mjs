// Debian 12's OpenCascade DRAW (package `occt-draw`) loads its plug-ins under the unversioned library names
// (libTKTopTest.so) that only the -dev packages provide. `linkUnversionedLibraries(folder)` fills `folder` with
// symbolic links `libTKx.so -> /usr/lib/…/libTKx.so.N` for every OpenCascade library that lacks its unversioned
// name; the folder then goes on LD_LIBRARY_PATH. Plain JavaScript: used by the 3D previews' native converter and by
// the development scripts (scripts/occt-draw.mjs).
import { existsSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const libraryFolders = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'];

/** @param {string} folder */
export function linkUnversionedLibraries(folder) {
  for (const libraries of libraryFolders.filter(existsSync)) {
    for (const name of readdirSync(libraries)) {
      const match = /^(libTK\w+\.so)\.\d+$/.exec(name);
      if (match && !existsSync(join(libraries, match[1])) && !existsSync(join(folder, match[1]))) symlinkSync(join(libraries, name), join(folder, match[1]));
    }
  }
}
