import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { isCompressible } from '../../platform/content-kinds/zip-entries.ts';
import { escapeHtml } from '../../platform/html.ts';
import { ZipFile } from '../../platform/delivery/zip-file.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';

/*
 * An AASX package (IEC 63278-1 / AAS part 5): an OPC zip holding [Content_Types].xml, the package
 * relationship to /aasx/aasx-origin, the origin's relationship to the environment part ("aas-spec") and
 * the environment's relationships to its supplementary files. Every relationship target is relative to
 * its source part. The files are read from storage only when the zip writer reaches them: memory stays flat.
 */

export const aasxMediaType = 'application/aas+zip';
const relationshipsType = 'application/vnd.openxmlformats-package.relationships+xml';
const relationshipsNamespace = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const aasxRelationships = {
  origin: 'http://admin-shell.io/aasx/relationships/aasx-origin',
  spec: 'http://admin-shell.io/aasx/relationships/aas-spec',
  supplementary: 'http://admin-shell.io/aasx/relationships/aas-suppl',
} as const;

export const originPart = '/aasx/aasx-origin';
export const environmentPart = '/aasx/environment.json';

export interface AasxFile {
  /** Absolute part name (`/aasx/files/...`, letters, digits, `._-` only, as safeFileName makes them). */
  part: string;
  mediaType: string;
  storageKey: string;
}

/** The relationships part of `part` (`/a/b.json` → `/a/_rels/b.json.rels`). */
export const relationshipsPart = (part: string): string => posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

const entryName = (part: string) => part.slice(1);

function relationshipsXml(source: string, targets: ReadonlyArray<{ type: string; part: string }>): string {
  const base = posix.dirname(source);
  const lines = targets.map(
    ({ type, part }, index) => `  <Relationship Type="${escapeHtml(type)}" Target="${escapeHtml(posix.relative(base, part))}" Id="R${index + 1}"/>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<Relationships xmlns="${relationshipsNamespace}">`, ...lines, '</Relationships>', ''].join('\n');
}

function contentTypesXml(parts: ReadonlyArray<{ part: string; mediaType: string }>): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
    `  <Default Extension="rels" ContentType="${relationshipsType}"/>`,
    ...parts.map(({ part, mediaType }) => `  <Override PartName="${escapeHtml(part)}" ContentType="${escapeHtml(mediaType)}"/>`),
    '</Types>',
    '',
  ].join('\n');
}


/** Streams the AASX package of an environment (JSON) and the files it points to. */
export function aasxStream(storage: FileStorage, environmentJson: string, files: readonly AasxFile[]): Readable {
  const zip = new ZipFile();
  const packageRoot = '/';
  const contentTypes = [
    { part: originPart, mediaType: 'text/plain' },
    { part: environmentPart, mediaType: 'application/json' },
    ...files.map(({ part, mediaType }) => ({ part, mediaType })),
  ];
  zip.addBuffer(Buffer.from(contentTypesXml(contentTypes)), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(relationshipsXml(packageRoot, [{ type: aasxRelationships.origin, part: originPart }])), '_rels/.rels');
  zip.addBuffer(Buffer.from('Intentionally empty.'), entryName(originPart));
  zip.addBuffer(Buffer.from(relationshipsXml(originPart, [{ type: aasxRelationships.spec, part: environmentPart }])), entryName(relationshipsPart(originPart)));
  zip.addBuffer(Buffer.from(environmentJson), entryName(environmentPart));
  const supplementary = files.map(({ part }) => ({ type: aasxRelationships.supplementary, part }));
  zip.addBuffer(Buffer.from(relationshipsXml(environmentPart, supplementary)), entryName(relationshipsPart(environmentPart)));
  for (const file of files) {
    // PDFs and pictures are stored as they are: deflating them costs time and buffers for nothing.
    zip.addStoredFile(entryName(file.part), storage, file.storageKey, { compress: isCompressible(file.part, file.mediaType) });
  }
  return zip.finishedStream();
}
