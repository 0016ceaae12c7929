import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { reasonOf, type ReadHandover } from './handover-import-candidate.ts';
import { attributeOf, childrenOf, parseHostileXml, textOf } from './handover-import-xml.ts';
import { metadataFileName } from './document-container.ts';

/*
 * Reads a VDI 2770 documentation container (VDI 2770 Blatt 1:2020, §5) once unpacked: its document containers,
 * nested zips (as our export writes them) or folders, each with VDI2770_Metadata.xml naming its class, document
 * id and versions with language, title and files. The main document (VDI2770_Main.xml) lists the documentation
 * and is not a document of it.
 */

/** Unpacks a nested zip (with the upload's limits) and lists its files' paths. */
export type UnpackNested = (zipPath: string, into: string) => Promise<string[]>;

/** The document's own file: where a version lists an original beside its PDF rendition, the original. */
function mainFile(files: string[]): string | undefined {
  if (files.length <= 1) return files[0];
  return files.find((name) => !name.toLowerCase().endsWith('.pdf')) ?? files[0];
}

/** The VDI 2770 class given in a document's classifications ('' when none is). */
function classOf(document: unknown): string {
  const classification = childrenOf(document, 'DocumentClassification').find((entry) => attributeOf(entry, 'ClassificationSystem').toUpperCase().startsWith('VDI2770'));
  return classification === undefined ? '' : textOf(childrenOf(classification, 'ClassId')[0]);
}

/** The versions described by one VDI2770_Metadata.xml; `files` are the container's own (the only ones a version may name). */
export function versionsOfMetadata(xml: Buffer, source: string, folder: string, files: ReadonlySet<string>): ReadHandover {
  const tree = parseHostileXml(xml, `${source}: ${metadataFileName}`);
  const document = tree['Document'];
  if (document === undefined) return { candidates: [], refused: [{ source, reason: `${metadataFileName} holds no VDI 2770 Document element` }] };
  const documentId = textOf(childrenOf(document, 'DocumentId')[0]);
  const classId = classOf(document);
  const result: ReadHandover = { candidates: [], refused: [] };
  for (const version of childrenOf(document, 'DocumentVersion')) {
    const versionId = textOf(childrenOf(version, 'DocumentVersionId')[0]);
    const what = `${source} (version ${versionId || '?'})`;
    const language = textOf(childrenOf(version, 'Language')[0]);
    const description = childrenOf(version, 'DocumentDescription').find((entry) => attributeOf(entry, 'Language') === language) ?? childrenOf(version, 'DocumentDescription')[0];
    const title = textOf(childrenOf(description, 'Title')[0]);
    const named = childrenOf(version, 'DigitalFile').map(textOf);
    const missing = named.find((name) => !files.has(name));
    const fileName = mainFile(named);
    if (missing !== undefined) result.refused.push({ source: what, reason: `names the file "${missing.slice(0, 200)}", which the container does not hold` });
    else if (fileName === undefined) result.refused.push({ source: what, reason: 'names no file' });
    else if (documentId === '' || versionId === '' || title === '') result.refused.push({ source: what, reason: 'lacks its DocumentId, DocumentVersionId or Title' });
    else result.candidates.push({ source, documentId, classId, language, version: versionId, title, filePath: join(folder, fileName), fileName });
  }
  if (result.candidates.length === 0 && result.refused.length === 0) result.refused.push({ source, reason: 'describes no DocumentVersion' });
  return result;
}

async function readContainer(folder: string, source: string, paths: readonly string[]): Promise<ReadHandover> {
  const files = new Set(paths);
  if (!files.has(metadataFileName)) return { candidates: [], refused: [{ source, reason: `holds no ${metadataFileName}` }] };
  try {
    return versionsOfMetadata(await readFile(join(folder, metadataFileName)), source, folder, files);
  } catch (error) {
    return { candidates: [], refused: [{ source, reason: reasonOf(error) }] };
  }
}

/** The document versions of an unpacked documentation container (`paths` relative to `folder`). */
export async function readDocumentationContainer(folder: string, paths: readonly string[], unpack: UnpackNested): Promise<ReadHandover> {
  const result: ReadHandover = { candidates: [], refused: [] };
  const add = (read: ReadHandover) => {
    result.candidates.push(...read.candidates);
    result.refused.push(...read.refused);
  };
  const zips = paths.filter((path) => path.toLowerCase().endsWith('.zip'));
  for (const [index, path] of zips.entries()) {
    const into = join(folder, '..', 'containers', String(index));
    try {
      add(await readContainer(into, path, await unpack(join(folder, path), into)));
    } catch (error) {
      result.refused.push({ source: path, reason: reasonOf(error) });
    }
  }
  const containerFolders = paths.filter((path) => basename(path) === metadataFileName).map((path) => dirname(path));
  for (const container of containerFolders) {
    const prefix = container === '.' ? '' : `${container}/`;
    const inside = paths.filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/')).map((path) => path.slice(prefix.length));
    add(await readContainer(join(folder, container), container === '.' ? '(top level)' : container, inside));
  }
  return result;
}
