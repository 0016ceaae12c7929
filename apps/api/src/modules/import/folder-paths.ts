import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';

/** Whether `path` is `root` itself or below it (both resolved, absolute). */
export function isInside(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

export type RealFile = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The real path of `path` (symbolic links resolved) when it is a regular file inside `realRoot`
 * (a real path itself). A link that leads out of the folder is refused, wherever it sits on the path.
 */
export async function realFileInside(realRoot: string, path: string): Promise<RealFile> {
  if (!isInside(realRoot, path)) return { ok: false, reason: 'the path leaves the folder' };
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined) return { ok: false, reason: 'the file does not exist' };
  if (!isInside(realRoot, real)) return { ok: false, reason: 'a symbolic link leads out of the folder' };
  if (!(await stat(real)).isFile()) return { ok: false, reason: 'not a file' };
  return { ok: true, path: real };
}
