import { fileExtension } from '@portal/contracts/previews';
import { withoutHiddenCharacters } from '../../platform/uploads/file-intake.ts';

/** Longest name part (in characters) before the extension. */
const maxNameLength = 120;
// The C1 control characters, which withoutHiddenCharacters leaves in, and lone surrogates (a header cannot encode them).
const unencodable = /[\u0080-\u009f]|\p{Cs}/gu;
const notInFileNames = /[/\\:*?"<>|]/g;
const plainExtension = /^[a-z0-9]{1,10}$/;

/** Line breaks and tabs as spaces, control and bidirectional characters out, runs of spaces as one. */
function tidied(text: string): string {
  const visible = withoutHiddenCharacters(text.replace(/\s/g, ' ')).replace(unencodable, '');
  return visible.replace(notInFileNames, ' ').split(' ').filter(Boolean).join(' ');
}

/** Without leading and trailing dots and spaces (a leading dot hides a file, Windows drops trailing ones). */
function trimmedDots(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === '.' || text[start] === ' ')) start += 1;
  while (end > start && (text[end - 1] === '.' || text[end - 1] === ' ')) end -= 1;
  return text.slice(start, end);
}

/** At most `maxNameLength` characters, cut at the last space when that keeps more than half of them. */
function bounded(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= maxNameLength) return text;
  const head = characters.slice(0, maxNameLength);
  const lastSpace = characters[maxNameLength] === ' ' ? maxNameLength : head.lastIndexOf(' ');
  return (lastSpace > maxNameLength / 2 ? head.slice(0, lastSpace) : head).join('');
}

const nameFrom = (text: string) => trimmedDots(bounded(trimmedDots(tidied(text))));

/**
 * The file name readers get for a document version (issue 32): never the name it was uploaded under,
 * which may carry internal revisions or customer names, but the document's title (or reference when
 * it has none) with the uploaded file's extension. Publishers see the uploaded name in the console.
 */
export function readerFileName(document: { title: string; serviceRef: string }, uploadedFileName: string): string {
  const name = nameFrom(document.title) || nameFrom(document.serviceRef) || 'document';
  const extension = fileExtension(uploadedFileName);
  if (!plainExtension.test(extension) || name.toLowerCase().endsWith(`.${extension}`)) return name;
  return `${name}.${extension}`;
}

/** The name readers get a version's PDF rendition (the viewer's preview of an Office file) under. */
export const readerPdfName = (document: { title: string; serviceRef: string }) => readerFileName(document, 'rendition.pdf');
