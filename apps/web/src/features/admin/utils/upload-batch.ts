/** One file of a batch upload, with what is particular to it (the rest of the metadata is shared). */
export interface UploadItem {
  key: string;
  file: File;
  title: string;
  serviceRef: string;
  status: 'ready' | 'uploading' | 'done' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  error: string | null;
}

/** The title a file starts with: its name without the extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  return (base || name).slice(0, 300);
}

/**
 * A service reference for a new document (letters and digits only): the time in base 36 and the
 * file's place in the batch, so the files of one batch, and of batches a moment apart, differ.
 */
export function newServiceRef(now: number, index: number): string {
  return `D${now.toString(36).toUpperCase()}${index.toString(36).toUpperCase()}`;
}

export function toUploadItems(files: readonly File[], now: number, firstIndex: number): UploadItem[] {
  return files.map((file, offset) => ({
    key: `${now}-${firstIndex + offset}`,
    file,
    title: titleFromFileName(file.name),
    serviceRef: newServiceRef(now, firstIndex + offset),
    status: 'ready',
    progress: 0,
    error: null,
  }));
}
