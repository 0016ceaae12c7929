/**
 * The files the portal accepts, by extension: the media type they are served with, and what their
 * first bytes must look like. `sniffed` lists the types `file-type` may report (Office Open XML and
 * OpenDocument files are zip containers, reported as zip when the part naming them comes late);
 * text formats without magic bytes are recognised by `text`; `magic` recognises binary formats
 * file-type does not know (or places it does not look), when it reports nothing.
 */
interface UploadType {
  mediaType: string;
  sniffed?: readonly string[];
  text?: (head: string) => boolean;
  magic?: (head: Buffer) => boolean;
}

const cfb = ['cfb'] as const;
const zipped = (kind: string) => [kind, 'zip'] as const;
const isoMedia = ['mp4', 'm4v', 'mov', 'm4a', 'm4p', 'm4b', 'f4v', 'f4a', '3gp'] as const;

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * An optional BOM, XML declaration, comments and DOCTYPE, then an `<svg` element. One pass over
 * the text: each step moves forward with `indexOf`, never back (a regular expression for this
 * backtracked exponentially on a few hundred bytes of empty comments).
 */
function looksLikeSvg(head: string): boolean {
  let at = head.startsWith('\uFEFF') ? 1 : 0;
  const skipSpace = () => {
    while (isSpace(head[at])) at += 1;
  };
  const startsWithAt = (text: string) => head.slice(at, at + text.length).toLowerCase() === text;
  /** Moves past the next `end`; false when the text has none. */
  const skipPast = (end: string) => {
    const found = head.indexOf(end, at);
    if (found < 0) return false;
    at = found + end.length;
    return true;
  };
  skipSpace();
  if (startsWithAt('<?xml') && !skipPast('>')) return false;
  for (;;) {
    skipSpace();
    if (startsWithAt('<!--')) {
      at += 4;
      if (!skipPast('-->')) return false;
    } else if (startsWithAt('<!doctype')) {
      if (!skipPast('>')) return false;
    } else {
      break;
    }
  }
  return startsWithAt('<svg') && (isSpace(head[at + 4]) || head[at + 4] === '>');
}
/** Readers (pdf.js, poppler, Acrobat) accept a `%PDF-` header anywhere in the first 1,024 bytes. */
const pdfHeaderWindow = 1024;
const hasLatePdfHeader = (head: Buffer) => head.subarray(0, pdfHeaderWindow).includes('%PDF-');
/** WordPerfect 5 and later: `FF 'WPC'`. */
const looksLikeWordPerfect = (head: Buffer) => head.subarray(0, 4).equals(Buffer.from([0xff, 0x57, 0x50, 0x43]));
/** Word for Windows 1 and 2 (before OLE2 compound files): LibreOffice reads them. */
const looksLikeOldWord = (head: Buffer) => head[1] === 0xa5 && (head[0] === 0xdb || head[0] === 0x9b);
const looksLikeStep = (head: string) => /^(\uFEFF)?\s*ISO-10303-21;/.test(head);
const looksLikeIges = (head: string) => /^.{72}S[ 0-9]{7}\r?\n/.test(head);
/** OpenCascade's BRep text format names itself in its first lines (after an optional DBRep_DrawableShape line). */
const looksLikeBrep = (head: string) => head.slice(0, 200).includes('CASCADE Topology V');
/**
 * STL has no magic: file-type recognises ASCII files (`solid`); binary ones start with an 80-byte free header and a triangle count.
 * Anything at least that long passes here; the 3D preview's reader checks the sizes and refuses the rest.
 */
const looksLikeStl = (head: Buffer) => head.length >= 84;
const looksLikeDxf = (head: string) => /^\s*0\r?\nSECTION\r?\n/.test(head);

export const uploadTypes: Readonly<Record<string, UploadType>> = {
  pdf: { mediaType: 'application/pdf', sniffed: ['pdf', 'ai'], magic: hasLatePdfHeader },
  doc: { mediaType: 'application/msword', sniffed: cfb, magic: looksLikeOldWord },
  dot: { mediaType: 'application/msword', sniffed: cfb },
  wpd: { mediaType: 'application/vnd.wordperfect', magic: looksLikeWordPerfect },
  wps: { mediaType: 'application/vnd.ms-works', sniffed: cfb },
  docx: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: zipped('docx') },
  xls: { mediaType: 'application/vnd.ms-excel', sniffed: cfb },
  xlt: { mediaType: 'application/vnd.ms-excel', sniffed: cfb },
  xlsx: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffed: zipped('xlsx') },
  ppt: { mediaType: 'application/vnd.ms-powerpoint', sniffed: cfb },
  pps: { mediaType: 'application/vnd.ms-powerpoint', sniffed: cfb },
  pot: { mediaType: 'application/vnd.ms-powerpoint', sniffed: cfb },
  pptx: { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniffed: zipped('pptx') },
  ppsx: { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow', sniffed: zipped('ppsx') },
  potm: { mediaType: 'application/vnd.ms-powerpoint.template.macroEnabled.12', sniffed: zipped('potm') },
  ppsxm: { mediaType: 'application/vnd.ms-powerpoint.slideshow.macroEnabled.12', sniffed: ['ppsm', 'zip'] },
  odt: { mediaType: 'application/vnd.oasis.opendocument.text', sniffed: zipped('odt') },
  ods: { mediaType: 'application/vnd.oasis.opendocument.spreadsheet', sniffed: zipped('ods') },
  odp: { mediaType: 'application/vnd.oasis.opendocument.presentation', sniffed: zipped('odp') },
  odg: { mediaType: 'application/vnd.oasis.opendocument.graphics', sniffed: zipped('odg') },
  rtf: { mediaType: 'application/rtf', sniffed: ['rtf'] },
  png: { mediaType: 'image/png', sniffed: ['png', 'apng'] },
  jpg: { mediaType: 'image/jpeg', sniffed: ['jpg'] },
  jpeg: { mediaType: 'image/jpeg', sniffed: ['jpg'] },
  gif: { mediaType: 'image/gif', sniffed: ['gif'] },
  webp: { mediaType: 'image/webp', sniffed: ['webp'] },
  tif: { mediaType: 'image/tiff', sniffed: ['tif'] },
  tiff: { mediaType: 'image/tiff', sniffed: ['tif'] },
  svg: { mediaType: 'image/svg+xml', text: looksLikeSvg },
  mp4: { mediaType: 'video/mp4', sniffed: isoMedia },
  m4v: { mediaType: 'video/x-m4v', sniffed: isoMedia },
  m4a: { mediaType: 'audio/mp4', sniffed: isoMedia },
  mov: { mediaType: 'video/quicktime', sniffed: isoMedia },
  mkv: { mediaType: 'video/x-matroska', sniffed: ['mkv', 'webm'] },
  webm: { mediaType: 'video/webm', sniffed: ['webm', 'mkv'] },
  avi: { mediaType: 'video/x-msvideo', sniffed: ['avi'] },
  wav: { mediaType: 'audio/wav', sniffed: ['wav'] },
  flv: { mediaType: 'video/x-flv', sniffed: ['flv'] },
  mxf: { mediaType: 'application/mxf', sniffed: ['mxf'] },
  zip: { mediaType: 'application/zip', sniffed: ['zip'] },
  step: { mediaType: 'model/step', text: looksLikeStep },
  stp: { mediaType: 'model/step', text: looksLikeStep },
  iges: { mediaType: 'model/iges', text: looksLikeIges },
  igs: { mediaType: 'model/iges', text: looksLikeIges },
  brep: { mediaType: 'model/x-brep', text: looksLikeBrep },
  brp: { mediaType: 'model/x-brep', text: looksLikeBrep },
  stl: { mediaType: 'model/stl', sniffed: ['stl'], magic: looksLikeStl },
  dxf: { mediaType: 'image/vnd.dxf', text: looksLikeDxf },
  dwg: { mediaType: 'image/vnd.dwg', sniffed: ['dwg'] },
};

export type SniffVerdict = { ok: true; mediaType: string } | { ok: false; reason: string };

/**
 * Whether bytes starting with `head` (as detected by file-type: `detected`) may be stored under
 * this extension. Text formats must not look like any binary type.
 */
export function checkUploadType(extension: string, detected: string | undefined, head: Buffer): SniffVerdict {
  const type = uploadTypes[extension];
  if (!type) {
    return { ok: false, reason: `Files of type ${extension ? `.${extension}` : 'without extension'} are not accepted.` };
  }
  const matches = type.text
    ? (detected === undefined || detected === 'xml') && type.text(head.subarray(0, 64 * 1024).toString('utf8'))
    : detected === undefined
      ? type.magic?.(head) === true
      : (type.sniffed ?? []).includes(detected);
  if (matches) return { ok: true, mediaType: type.mediaType };
  return {
    ok: false,
    reason: `The file's content (${detected ?? 'unrecognised'}) does not match its extension .${extension}.`,
  };
}
