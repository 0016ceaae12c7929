import type { PackageContents } from './package-contents.ts';
import { fileNotes, packageSections, type PackageHeader } from './package-index.ts';

/* README.txt of an offline package: what it is and how to use it without a network, in plain text. */

/** Plain text on one line: control characters (line breaks included) become spaces. */
const line = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

const heading = (title: string) => ['', title, '-'.repeat(title.length)];

/** The README.txt of the package (CRLF line ends, so every editor shows its lines). */
export function packageReadme(header: PackageHeader, contents: PackageContents): string {
  const files = packageSections.flatMap(({ type, title }) => {
    const ofType = contents.files.filter((file) => file.type === type);
    if (ofType.length === 0) return [];
    return [
      `${title}:`,
      ...ofType.flatMap((file) => [
        `  ${file.path}`,
        `      ${line(file.document.title)} (${line(file.document.serviceRef)}, version ${line(file.version.resourceVersion)}, ${file.document.languageCode.toUpperCase()})`,
        ...fileNotes(file, contents).map((note) => `      ${note}`),
      ]),
    ];
  });
  const notices = header.notices.map((notice) => `  ${notice.kind === 'safety' ? 'Safety notice' : 'Change notice'}: ${line(notice.title)}`);
  return [
    'OFFLINE DOCUMENTATION PACKAGE',
    '',
    `Machine:        ${line(header.model.name)} (model ${line(header.model.code)})`,
    `Serial number:  ${header.serialNumber}`,
    `Maker:          ${line(header.maker)}`,
    `Shipped:        ${header.shippedAt.slice(0, 10)}`,
    `Language:       ${contents.language.toUpperCase()} (a document not available in it is in another language, noted below)`,
    `Generated:      ${header.generatedAt.slice(0, 16).replace('T', ' ')} UTC (package ${contents.version})`,
    ...heading('What this is'),
    'The documents of this machine as the maker\'s portal lists them for it (its EU declaration of',
    'conformity, instructions and other documents, as current and as valid when it shipped),',
    'packed to be read without a network connection.',
    ...heading('How to open it without a network'),
    '1. Unpack the whole zip file into a folder, keeping its folders.',
    '2. Open index.html in any web browser: it lists and links every document; it needs no',
    '   connection and runs no script.',
    '3. The documents are PDF files (mostly): they open in any PDF reader, and print from there.',
    '4. manifest.json lists every file with its SHA-256 checksum, to check that nothing changed.',
    ...(notices.length > 0 ? [...heading('Open notices when the package was made'), ...notices] : []),
    ...heading('Files'),
    '  README.txt',
    '  index.html',
    '  manifest.json',
    ...files,
    ...heading('Online version'),
    'The current documents of this machine, and whether a newer package exists:',
    `  ${header.identificationLink}`,
    '(the same link as the QR code on the machine\'s label).',
    '',
  ].join('\r\n');
}
