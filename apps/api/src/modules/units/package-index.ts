import type { UnitNotice } from '@portal/contracts/units';
import type { PackageContents, PackageFile } from './package-contents.ts';
import { localDay as packageDay, localTime as packageTime } from '../../platform/dates.ts';
import { englishWording, packageWording, type PackageWording } from './package-wording.ts';

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

/**
 * What a reader should know of a file besides its title: as shipped, withdrawn but kept, another language
 * (in `wording`'s language; the kept-until day in the package's).
 */
export function fileNotes(file: PackageFile, contents: PackageContents, wording: PackageWording = englishWording): string[] {
  const notes: string[] = [];
  if (file.atShipment) notes.push(wording.atShipment);
  if (file.version.status !== 'published') notes.push(wording.keptUntil(packageDay(contents.retainedUntil, contents.language)));
  if (file.document.languageCode !== contents.language) notes.push(wording.otherLanguage(contents.language.toUpperCase(), file.document.languageCode.toUpperCase()));
  return notes;
}

function fileItem(file: PackageFile, contents: PackageContents, wording: PackageWording): string {
  const note = fileNotes(file, contents, wording).map((text) => ` — ${html(text)}`).join('');
  const details = `${html(file.document.serviceRef)} · ${html(wording.version)} ${html(file.version.resourceVersion)} · ${html(file.document.languageCode)}`;
  return `<li><a href="${html(href(file.path))}">${html(file.document.title)}</a> <small>${details}${note}</small></li>`;
}

function section(title: string, files: readonly PackageFile[], contents: PackageContents, wording: PackageWording): string {
  if (files.length === 0) return '';
  return `<h2>${html(title)}</h2>\n<ul>\n${files.map((file) => fileItem(file, contents, wording)).join('\n')}\n</ul>`;
}

const sectionOrder: ReadonlyArray<PackageFile['type']> = ['declaration', 'document', 'unit-document', 'release-notes'];

/** The package's sections, in the order index.html and README.txt list them (titles in English, as README.txt has them). */
export const packageSections: ReadonlyArray<{ type: PackageFile['type']; title: string }> = sectionOrder.map((type) => ({ type, title: englishWording.sections[type] }));

/** A plain HTML page listing and linking every file by relative path: it works from the unpacked folder, offline, without script. */
export function packageIndexHtml(header: PackageHeader, contents: PackageContents): string {
  const wording = packageWording(contents.language);
  const sections = sectionOrder.map((type) => section(wording.sections[type], contents.files.filter((file) => file.type === type), contents, wording)).filter(Boolean);
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
<p>${html(wording.about({ maker: header.maker, shipped: packageDay(header.shippedAt, contents.language), version: contents.version, generated: packageTime(header.generatedAt, contents.language) }))} ${html(wording.online)} <a href="${html(header.identificationLink)}">${html(header.identificationLink)}</a></p>
${notices}
${sections.join('\n')}
<p><small>${html(wording.footer)}</small></p>
</body>
</html>
`;
}
