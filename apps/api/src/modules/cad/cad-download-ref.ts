/*
 * How CAD downloads are named in download_records.itemId (itemKind 'cad'), so the history can find
 * the item again: a configurator file (`model:<code>`, with fileId), a configurator set as a zip
 * (`set:<zip filePath>`), or a partner library version (`library:<id>`, one file or the zip).
 */

export type CadItemRef =
  | { type: 'model'; modelCode: string }
  | { type: 'set'; zipPath: string; modelCode: string }
  | { type: 'library'; libraryId: string };

export const cadItemId = {
  model: (modelCode: string) => `model:${modelCode}`,
  set: (zipPath: string) => `set:${zipPath}`,
  library: (libraryId: string) => `library:${libraryId}`,
};

/** The reference behind an itemId, or null for anything else. */
export function parseCadItemId(itemId: string): CadItemRef | null {
  const [type, ...rest] = itemId.split(':');
  const value = rest.join(':');
  if (!value) return null;
  if (type === 'model') return { type, modelCode: value };
  if (type === 'library') return { type, libraryId: value };
  if (type === 'set') {
    const modelCode = value.split('/')[1];
    return modelCode ? { type, zipPath: value, modelCode } : null;
  }
  return null;
}

/** First segments of CAD `downloadZip` filePaths. */
export const cadSetZipPrefix = 'cad';
export const cadLibraryZipPrefix = 'cad-libraries';

/** `cad/<modelCode>/<option codes>[/<format>]`: a configurator set, all formats or one. */
export function cadSetZipPath(configurationId: string, format?: string): string {
  return `${cadSetZipPrefix}/${configurationId}${format ? `/${format}` : ''}`;
}

/** `cad-libraries/<libraryId>/<version>`: one version of a partner library. */
export function cadLibraryZipPath(libraryId: string, version: string): string {
  return `${cadLibraryZipPrefix}/${libraryId}/${version}`;
}
