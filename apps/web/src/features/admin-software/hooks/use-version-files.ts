import { useState } from 'react';
import { checkVersionFiles, type ChosenFile } from '../utils/version-files';

/** The files chosen for a new version, checked again whenever one is added or removed. */
export function useVersionFiles() {
  const [chosen, setChosen] = useState<File[]>([]);
  const files: ChosenFile[] = checkVersionFiles(chosen, (file, index) => `${index}:${file.name}:${file.size}:${file.lastModified}`);
  return {
    files,
    /** What goes to the server: every file without a problem. */
    sendable: files.every((file) => file.problem === null) ? chosen : null,
    add: (added: File[]) => setChosen((current) => [...current, ...added]),
    remove: (key: string) => setChosen((current) => current.filter((_, index) => files[index]?.key !== key)),
  };
}
