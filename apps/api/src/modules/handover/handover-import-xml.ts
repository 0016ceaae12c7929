import { XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../platform/errors.ts';

/*
 * XML from an uploaded handover is hostile: a document declaring a DTD or an entity is refused before it is
 * parsed (no XXE, no entity expansion), and the parser is told to expand no entity either. Namespace prefixes
 * are dropped: VDI 2770 and OPC files are read by their local names.
 */

/** More than any metadata file or OPC part of a handover needs. */
export const maxXmlBytes = 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

/** The parsed tree of `xml` (named `what` in messages); 400 for a DTD or entity declaration, a file too large or not XML. */
export function parseHostileXml(xml: Buffer, what: string): Record<string, unknown> {
  if (xml.length > maxXmlBytes) throw badRequest('invalidParameters', `${what} is larger than the ${maxXmlBytes} bytes allowed for XML.`);
  const text = xml.toString('utf8');
  const upper = text.toUpperCase();
  if (upper.includes('<!DOCTYPE') || upper.includes('<!ENTITY')) {
    throw badRequest('invalidParameters', `${what} declares a DTD or an entity (<!DOCTYPE or <!ENTITY): refused, such XML can read files of the server (XXE).`);
  }
  try {
    return parser.parse(text, true) as Record<string, unknown>;
  } catch (error) {
    throw badRequest('invalidParameters', `${what} is not well-formed XML: ${(error as Error).message.slice(0, 200)}.`);
  }
}

/** A child or children of a parsed element, always as a list. */
export function childrenOf(node: unknown, name: string): unknown[] {
  if (node === null || typeof node !== 'object') return [];
  const value = (node as Record<string, unknown>)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text (its `#text` when it has attributes). */
export function textOf(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim();
  if (node !== null && typeof node === 'object' && '#text' in node) return String((node as Record<string, unknown>)['#text']).trim();
  return '';
}

/** An attribute of a parsed element ('' when absent). */
export function attributeOf(node: unknown, name: string): string {
  if (node === null || typeof node !== 'object') return '';
  const value = (node as Record<string, unknown>)[`@${name}`];
  return value === undefined ? '' : String(value).trim();
}
