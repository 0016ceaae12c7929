import type { UnitNotice } from '@portal/contracts/units';
import type { PackageContents, PackageFile } from './package-contents.ts';

/* The two files an offline package adds to its documents: manifest.json and index.html. */

export interface PackageHeader {
  serialNumber: string;
  model: { code: string; name: string };
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
    })),
  };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const html = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);
const href = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function fileItem(file: PackageFile): string {
  const note = file.atShipment ? ' — version valid at shipment' : '';
  return `<li><a href="${html(href(file.path))}">${html(file.document.title)}</a> <small>${html(file.document.serviceRef)} · version ${html(file.version.resourceVersion)} · ${html(file.document.languageCode)}${note}</small></li>`;
}

function section(title: string, files: readonly PackageFile[]): string {
  if (files.length === 0) return '';
  return `<h2>${html(title)}</h2>\n<ul>\n${files.map(fileItem).join('\n')}\n</ul>`;
}

/** A plain HTML page listing and linking every file by relative path: it works from the unpacked folder, offline, without script. */
export function packageIndexHtml(header: PackageHeader, contents: PackageContents): string {
  const of = (type: PackageFile['type']) => contents.files.filter((file) => file.type === type);
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
<p>Shipped ${html(header.shippedAt.slice(0, 10))}. Package ${html(contents.version)}, generated ${html(header.generatedAt)}. Online: <a href="${html(header.identificationLink)}">${html(header.identificationLink)}</a></p>
${notices}
${section('Documents', of('document'))}
${section('Documents of this unit', of('unit-document'))}
${section('Software release notes', of('release-notes'))}
<p><small>manifest.json lists every file with its SHA-256 checksum.</small></p>
</body>
</html>
`;
}
