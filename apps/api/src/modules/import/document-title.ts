import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { openPromise, type Entry, type ZipFile } from 'yauzl';
import { extractPdfTitle } from '../../previews/pdf-document.ts';

/*
 * A document's own title, for imported files whose name gives none: a PDF's metadata Title or first heading
 * (pdf.js, in the PDF process, with a short time limit), an Office Open XML file's core title property
 * (`docProps/core.xml` `dc:title`, read from the zip without unpacking anything else; XML with a DTD or an entity
 * is passed over, and no entity is ever expanded). Anything unreadable gives no title: the file name's stands.
 */

/** Largest PDF whose title is read (read into memory for pdf.js). */
const maxPdfTitleBytes = 64 * 1024 * 1024;
/** Longest the PDF process may spend on one file's title. */
export const titleTimeoutMs = 10_000;
/** Largest core-properties part read. */
const maxCoreXmlBytes = 256 * 1024;
/** Entries of an Office package looked through for its core properties. */
const maxEntries = 10_000;
/** Longest title kept, in characters (the metadata's limit). */
const maxTitleLength = 300;

const officeOpenXml = new Set(['docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'pptx', 'pptm', 'ppsx']);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
});

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One line, without hidden characters, at most 300 characters; '' when nothing is left. */
export function cleanTitle(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim().slice(0, maxTitleLength).trim();
}

async function pdfTitle(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0 || size > maxPdfTitleBytes) return '';
    const bytes = await handle.readFile();
    return cleanTitle((await extractPdfTitle(bytes, titleTimeoutMs)).title);
  } finally {
    await handle.close();
  }
}

async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxCoreXmlBytes) {
      stream.destroy();
      return Buffer.alloc(0);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The `dc:title` of an Office Open XML package's core properties; '' when it has none. */
export function coreTitleOf(xml: Buffer): string {
  const text = xml.toString('utf8');
  const upper = text.toUpperCase();
  if (upper.includes('<!DOCTYPE') || upper.includes('<!ENTITY')) return '';
  const tree = parser.parse(text) as { coreProperties?: { title?: unknown } };
  const title = tree.coreProperties?.title;
  return cleanTitle(typeof title === 'object' && title !== null && '#text' in title ? (title as { '#text': unknown })['#text'] : title);
}

async function officeTitle(path: string): Promise<string> {
  const zip = await openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  try {
    const entry = await new Promise<Entry | undefined>((resolve, reject) => {
      let seen = 0;
      zip.on('entry', (candidate: Entry) => {
        seen += 1;
        if (candidate.fileName === 'docProps/core.xml') resolve(candidate);
        else if (seen >= maxEntries) resolve(undefined);
        else zip.readEntry();
      });
      zip.on('end', () => resolve(undefined));
      zip.on('error', reject);
      zip.readEntry();
    });
    if (!entry || entry.uncompressedSize > maxCoreXmlBytes) return '';
    return coreTitleOf(await readEntry(zip, entry));
  } finally {
    zip.close();
  }
}

/** The title the file gives itself, or '' (not a PDF or Office Open XML file, no title in it, unreadable, over a limit). */
export async function titleOfFile(path: string, name: string): Promise<string> {
  const extension = extname(name).slice(1).toLowerCase();
  try {
    if (extension === 'pdf') return await pdfTitle(path);
    if (officeOpenXml.has(extension)) return await officeTitle(path);
  } catch {
    // A damaged or hostile file has no title to give: the file name's stands.
  }
  return '';
}
