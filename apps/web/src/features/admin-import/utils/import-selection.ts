/** A file and its path inside the chosen folder (`a/b/file.pdf`). */
export interface PathFile {
  path: string;
  file: File;
}

/** What goes to `POST /api/Admin/imports`: one zip, or a folder's files with their paths. */
export type ImportSelection =
  | { kind: 'zip'; name: string; file: File; bytes: number }
  | { kind: 'folder'; name: string | undefined; entries: PathFile[]; bytes: number };

const isZip = (file: File) => file.name.toLowerCase().endsWith('.zip');

/**
 * One zip on its own is sent as a zip; anything else as a folder. When every path starts with the
 * same folder (the folder chosen or dropped) that folder's name is taken off the paths and names the
 * import, as `npm run import -- <folder>` reads the paths inside the folder it is given.
 */
export function selectionOf(entries: readonly PathFile[]): ImportSelection | null {
  if (entries.length === 0) return null;
  const bytes = entries.reduce((sum, entry) => sum + entry.file.size, 0);
  const [first] = entries;
  const segments = entries.map((entry) => entry.path.split(/[/\\]/).filter(Boolean));
  if (entries.length === 1 && segments[0]!.length <= 1 && isZip(first!.file)) return { kind: 'zip', name: first!.file.name, file: first!.file, bytes };
  const top = segments[0]![0];
  const shared = segments.every((parts) => parts.length > 1 && parts[0] === top);
  return {
    kind: 'folder',
    name: shared ? top : undefined,
    entries: entries.map((entry, index) => ({ path: (shared ? segments[index]!.slice(1) : segments[index]!).join('/') || entry.file.name, file: entry.file })),
    bytes,
  };
}

/** Files from `<input type="file">`: a folder picker (`webkitdirectory`) gives each its `webkitRelativePath`. */
export const selectionOfPicked = (files: readonly File[]) => selectionOf(files.map((file) => ({ path: file.webkitRelativePath || file.name, file })));

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function childrenOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches (100 at a time in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

async function filesOf(entry: FileSystemEntry): Promise<PathFile[]> {
  if (entry.isFile) return [{ path: entry.fullPath.replace(/^\/+/, ''), file: await fileOf(entry as FileSystemFileEntry) }];
  if (!entry.isDirectory) return [];
  const files: PathFile[] = [];
  for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) files.push(...(await filesOf(child)));
  return files;
}

/** What was dropped: folders are walked (the drop's `files` list holds none of their content). */
export async function selectionOfDrop(data: DataTransfer): Promise<ImportSelection | null> {
  // The entries must be taken while the drop event runs; reading them may come later.
  const entries = [...data.items].filter((item) => item.kind === 'file').map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return selectionOfPicked([...data.files]);
  const files: PathFile[] = [];
  for (const entry of entries) files.push(...(await filesOf(entry!)));
  return selectionOf(files);
}
