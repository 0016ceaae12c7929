import { checkUploadType } from '../admin-documents/index.ts';

/*
 * The files a software version or a CAD library version may carry, beyond the document types
 * (PDF, zip, STEP, IGES, DXF, DWG … are checked as documents are). Installers and archives must
 * look like what their extension says. Firmware images and the native files of CAD tools have no
 * signature file-type knows: they are accepted unless their content is recognised as something
 * else (an installer renamed `.bin` is refused).
 */

interface ReleaseFileType {
  mediaType: string;
  /** Types file-type may report; for an opaque type, the recognised types it may still be (CAD tools' compound files). */
  sniffed: readonly string[];
  /** No signature of its own: also accepted when file-type recognises nothing. */
  opaque?: true;
  /** Plain text: no NUL byte and valid UTF-8 in the first bytes. */
  text?: true;
}

const octets = 'application/octet-stream';
const firmware: ReleaseFileType = { mediaType: octets, sniffed: [], opaque: true };
const compound: ReleaseFileType = { mediaType: octets, sniffed: ['cfb'], opaque: true };
const text: ReleaseFileType = { mediaType: 'text/plain', sniffed: [], text: true };

export const releaseFileTypes: Readonly<Record<string, ReleaseFileType>> = {
  exe: { mediaType: 'application/vnd.microsoft.portable-executable', sniffed: ['exe'] },
  msi: { mediaType: 'application/x-msi', sniffed: ['cfb', 'msi'] },
  gz: { mediaType: 'application/gzip', sniffed: ['gz'] },
  tgz: { mediaType: 'application/gzip', sniffed: ['gz'] },
  tar: { mediaType: 'application/x-tar', sniffed: ['tar'] },
  '7z': { mediaType: 'application/x-7z-compressed', sniffed: ['7z'] },
  deb: { mediaType: 'application/vnd.debian.binary-package', sniffed: ['deb', 'ar'] },
  rpm: { mediaType: 'application/x-rpm', sniffed: ['rpm'] },
  pkg: { mediaType: octets, sniffed: ['xar'], opaque: true },
  bin: firmware,
  fw: firmware,
  img: firmware,
  hex: text,
  txt: text,
  md: text,
  sldprt: compound,
  sldasm: compound,
  ipt: compound,
  iam: compound,
  edz: { mediaType: octets, sniffed: ['zip', '7z'], opaque: true },
};

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream`: a character cut at the end of the sniffed bytes is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Whether a file named `name.extension` with these first bytes may be published with a software or library version. */
export function checkReleaseFileType(extension: string, detected: string | undefined, head: Buffer) {
  const type = releaseFileTypes[extension.toLowerCase()];
  if (!type) return checkUploadType(extension.toLowerCase(), detected, head);
  const matches = type.text
    ? detected === undefined && looksLikeText(head)
    : detected === undefined
      ? type.opaque === true
      : type.sniffed.includes(detected);
  if (matches) return { ok: true as const, mediaType: type.mediaType };
  return { ok: false as const, reason: `The file's content (${detected ?? 'unrecognised'}) does not match its extension .${extension}.` };
}
