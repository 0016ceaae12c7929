import type { UnitNotice } from '@portal/contracts/units';
import type { PackageContents, PackageFile } from './package-contents.ts';
import { packageDay, packageTime } from './package-dates.ts';

/* What an offline package adds to its documents: manifest.json and index.html (README.txt: package-readme.ts). */

export interface PackageHeader {
  serialNumber: string;
  model: { code: string; name: string };
  maker: string;
  shippedAt: string;
  generatedAt: string;
  identificationLink: string;
  notices: readonly UnitNotice[];
}

export function packageManifest(header: PackageHeader, contents: PackageContents) {
  return {
    serialNumber: header.serialNumber,
    model: header.model,
    shippedAt: header.shippedAt,
    language: contents.language,
    packageVersion: contents.version,
    generatedAt: header.generatedAt,
    identificationLink: header.identificationLink,
    files: contents.files.map((file) => ({
      path: file.path,
      id: file.document.id,
      title: file.document.title,
      version: file.version.resourceVersion,
      language: file.document.languageCode,
      type: file.type,
      sha256: file.version.sha256,
      atShipment: file.atShipment,
      published: file.version.status === 'published',
      keptUntil: file.version.status === 'published' ? null : contents.retainedUntil,
    })),
  };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const html = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);
const href = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** What a reader should know of a file besides its title: as shipped, withdrawn but kept, another language. */
export function fileNotes(file: PackageFile, contents: PackageContents): string[] {
  const notes: string[] = [];
  if (file.atShipment) notes.push('version valid at shipment');
  if (file.version.status !== 'published') notes.push(`withdrawn — kept for this machine until ${packageDay(contents.retainedUntil, contents.language)}`);
  if (file.document.languageCode !== contents.language) notes.push(`not available in ${contents.language.toUpperCase()}: in ${file.document.languageCode.toUpperCase()}`);
  return notes;
}

function fileItem(file: PackageFile, contents: PackageContents): string {
  const note = fileNotes(file, contents).map((text) => ` — ${html(text)}`).join('');
  return `<li><a href="${html(href(file.path))}">${html(file.document.title)}</a> <small>${html(file.document.serviceRef)} · version ${html(file.version.resourceVersion)} · ${html(file.document.languageCode)}${note}</small></li>`;
}

function section(title: string, files: readonly PackageFile[], contents: PackageContents): string {
  if (files.length === 0) return '';
  return `<h2>${html(title)}</h2>\n<ul>\n${files.map((file) => fileItem(file, contents)).join('\n')}\n</ul>`;
}

/** The package's sections, in the order index.html and README.txt list them. */
export const packageSections: ReadonlyArray<{ type: PackageFile['type']; title: string }> = [
  { type: 'declaration', title: 'EU declaration of conformity' },
  { type: 'document', title: 'Documents' },
  { type: 'unit-document', title: 'Documents of this unit' },
  { type: 'release-notes', title: 'Software release notes' },
];

/** A plain HTML page listing and linking every file by relative path: it works from the unpacked folder, offline, without script. */
export function packageIndexHtml(header: PackageHeader, contents: PackageContents): string {
  const sections = packageSections.map(({ type, title }) => section(title, contents.files.filter((file) => file.type === type), contents)).filter(Boolean);
  const notices = header.notices.map((notice) => `<div class="notice"><strong>${html(notice.title)}</strong><p>${html(notice.body)}</p></div>`).join('\n');
  return `<!doctype html>
<html lang="${html(contents.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(`${header.model.name} ${header.serialNumber}`)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:1rem auto;padding:0 1rem;line-height:1.5}small{color:#555}.notice{border-left:4px solid #b3261e;padding:.25rem .75rem;background:#fdecea;margin:.5rem 0}</style>
</head>
<body>
<h1>${html(header.model.name)} — ${html(header.serialNumber)}</h1>
<p>${html(header.maker)}. Shipped ${html(packageDay(header.shippedAt, contents.language))}. Package ${html(contents.version)}, generated ${html(packageTime(header.generatedAt, contents.language))}. Online: <a href="${html(header.identificationLink)}">${html(header.identificationLink)}</a></p>
${notices}
${sections.join('\n')}
<p><small>manifest.json lists every file with its SHA-256 checksum; README.txt says how to use the package offline.</small></p>
</body>
</html>
`;
}
