import { spawn } from 'node:child_process';
import { lstat, readlink, realpath } from 'node:fs/promises';

/*
 * Converters (LibreOffice, ffmpeg) read hostile files: a document may link an image on another
 * server or a file of this one, a playlist may name URLs. They run in a sandbox with no network
 * and a file system of only the system's programs and libraries, their input (read-only) and
 * their private working folder. bubblewrap does it; `unshare` (network only) is the fallback;
 * without either, conversions are refused rather than run open.
 */

export interface SandboxPaths {
  /** The private folder the program works and writes in (its home and temporary folder too). */
  workDir: string;
  /** Files the program reads (symbolic links are resolved and the targets shown read-only). */
  inputs: string[];
  /** Environment variables the program gets besides PATH, HOME, TMPDIR and LANG. */
  env?: Record<string, string>;
}

export class SandboxUnavailableError extends Error {
  constructor() {
    super('No sandbox is available (install bubblewrap): converters do not run without one');
    this.name = 'SandboxUnavailableError';
  }
}

type SandboxKind = 'bwrap' | 'unshare' | 'none';

/** System folders the converters need, read-only: programs, libraries, fonts, LibreOffice's settings. */
const systemFolders = ['/usr', '/etc/alternatives', '/etc/fonts', '/etc/libreoffice', '/etc/ld.so.cache', '/etc/localtime', '/var/cache/fontconfig'];
/** Top-level folders that are links into /usr on merged-/usr systems, real folders elsewhere. */
const rootLinks = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

function probe(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

let kind: Promise<SandboxKind> | undefined;

/** Which sandbox works on this machine (tried once: user namespaces may be disabled). */
export function sandboxKind(): Promise<SandboxKind> {
  kind ??= (async () => {
    if (await probe('bwrap', ['--unshare-all', '--die-with-parent', '--ro-bind', '/usr', '/usr', ...(await rootLinkArgs()), '/usr/bin/true'])) return 'bwrap';
    if (await probe('unshare', ['--net', '--map-root-user', '/usr/bin/true'])) return 'unshare';
    return 'none';
  })();
  return kind;
}

async function rootLinkArgs(): Promise<string[]> {
  const args: string[] = [];
  for (const folder of rootLinks) {
    const info = await lstat(folder).catch(() => undefined);
    if (info?.isSymbolicLink()) args.push('--symlink', await readlink(folder), folder);
    else if (info?.isDirectory()) args.push('--ro-bind', folder, folder);
  }
  return args;
}

async function bwrapArgs(paths: SandboxPaths): Promise<string[]> {
  const inputs = await Promise.all(paths.inputs.map((input) => realpath(input)));
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv', 'PATH', '/usr/bin:/bin',
    '--setenv', 'HOME', paths.workDir,
    '--setenv', 'TMPDIR', paths.workDir,
    '--setenv', 'LANG', 'C.UTF-8',
    ...Object.entries(paths.env ?? {}).flatMap(([name, value]) => ['--setenv', name, value]),
    ...systemFolders.flatMap((folder) => ['--ro-bind-try', folder, folder]),
    ...(await rootLinkArgs()),
    '--proc', '/proc',
    '--dev', '/dev',
    '--tmpfs', '/tmp',
    '--bind', paths.workDir, paths.workDir,
    ...inputs.flatMap((input) => ['--ro-bind', input, input]),
    '--chdir', paths.workDir,
  ];
}

/** `command args` wrapped in the sandbox; throws SandboxUnavailableError when there is none. */
export async function sandboxed(command: string, args: string[], paths: SandboxPaths): Promise<{ command: string; args: string[] }> {
  switch (await sandboxKind()) {
    case 'bwrap':
      return { command: 'bwrap', args: [...(await bwrapArgs(paths)), '--', command, ...args] };
    case 'unshare':
      return { command: 'unshare', args: ['--net', '--map-root-user', '--', command, ...args] };
    default:
      throw new SandboxUnavailableError();
  }
}
