import type { maxVersionFiles } from '@portal/contracts/admin-software';

/** The contract's limit; typed by it, so a change there fails the build until this follows (the contract module holds zod). */
export const maxFilesPerVersion: typeof maxVersionFiles = 20;

export type FileProblem = 'empty' | 'duplicate' | 'tooMany';

export interface ChosenFile {
  key: string;
  file: File;
  /** Why the server would refuse it, found before sending; null when it may go. */
  problem: FileProblem | null;
}

/**
 * The files of one version with what is wrong with each before anything is sent: an empty file,
 * a name used by an earlier file (case aside, as the server compares), or one over the limit.
 */
export function checkVersionFiles(files: readonly File[], keyOf: (file: File, index: number) => string = (file, index) => `${index}:${file.name}`): ChosenFile[] {
  const names = new Set<string>();
  let accepted = 0;
  return files.map((file, index) => {
    const name = file.name.toLowerCase();
    let problem: FileProblem | null = null;
    if (file.size === 0) problem = 'empty';
    else if (names.has(name)) problem = 'duplicate';
    else if (accepted === maxFilesPerVersion) problem = 'tooMany';
    if (problem === null) {
      names.add(name);
      accepted += 1;
    }
    return { key: keyOf(file, index), file, problem };
  });
}

/**
 * The file a refusal is about: the server names a refused file in its message ("tool.bin: the
 * file's content …"), the longest name first so `a.bin` does not match inside `data.bin`'s message.
 */
export function refusedFileName(message: string, files: readonly File[]): string | null {
  const names = [...new Set(files.map((file) => file.name))].sort((a, b) => b.length - a.length);
  return names.find((name) => message.includes(name)) ?? null;
}
