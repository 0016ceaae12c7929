/** The document types and products a folder name may name. */
export interface ImportCatalog {
  types: ReadonlyArray<{ code: string; name: string }>;
  products: readonly string[];
}

export interface FolderMeaning {
  typeCode?: string;
  products: string[];
  /** Folder names that are neither a type nor products: not metadata, said in the report. */
  ignored: string[];
}

const codePattern = /^[A-Za-z0-9_-]{1,40}$/;

const key = (text: string) => text.trim().toLowerCase();

/** A type's code or name, in any case, singular or plural (`Manuals` is `manual`). */
function typeLookup(catalog: ImportCatalog): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const type of catalog.types) {
    for (const word of [type.code, type.name]) {
      lookup.set(key(word), type.code);
      lookup.set(`${key(word)}s`, type.code);
    }
  }
  return lookup;
}

/**
 * What the folders a file sits in say about it, outermost first. The first folder naming a known
 * document type gives the type; a folder of known products (`GRIP20+VAC4`) gives products, and so
 * does the folder right below the type's (`<type>/<product>[+<product>…]/`, products created when
 * new). Any other folder name is ignored: never a reason to refuse the file.
 */
export function readFolders(folders: readonly string[], catalog: ImportCatalog): FolderMeaning {
  const types = typeLookup(catalog);
  const products = new Map(catalog.products.map((code) => [key(code), code]));
  const meaning: FolderMeaning = { products: [], ignored: [] };
  let typeAt = -1;
  folders.forEach((folder, index) => {
    const type = types.get(key(folder));
    if (meaning.typeCode === undefined && type !== undefined) {
      meaning.typeCode = type;
      typeAt = index;
      return;
    }
    const parts = folder.split('+').filter(Boolean);
    const known = parts.map((part) => products.get(key(part)));
    if (parts.length > 0 && known.every((code) => code !== undefined)) meaning.products.push(...(known as string[]));
    else if (parts.length > 0 && index === typeAt + 1 && typeAt >= 0 && parts.every((part) => codePattern.test(part))) meaning.products.push(...parts);
    else meaning.ignored.push(folder);
  });
  meaning.products = [...new Set(meaning.products)];
  return meaning;
}
