import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/*
 * A document base as makers have them: nested folders whose names are no type codes, a scanned
 * TIFF drawing, a PDF with bytes before its header, an old Word .doc, and one file no viewer can
 * show. The .doc is made by LibreOffice (`soffice --convert-to doc`); without it (outside CI) there is none.
 */

export interface NestedFolder {
  folder: string;
  /** Relative paths of the files that must be imported. */
  importable: string[];
  /** Relative path of the file that must be refused. */
  unreadable: string;
  hasDoc: boolean;
}

async function pdf(title: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage().drawText(`${title} text.`, { x: 50, y: 700, font });
  return document.save();
}

/** A two-page TIFF (a scanned drawing), made with sharp. */
export async function scannedTiff(): Promise<Buffer> {
  const page = (colour: string) => sharp({ create: { width: 200, height: 120, channels: 3, background: colour } }).png().toBuffer();
  return sharp([await page('#ffffff'), await page('#cccccc')], { join: { animated: true } }).tiff().toBuffer();
}

/** An old Word document made by LibreOffice from a text file, or undefined without LibreOffice. */
async function legacyWordDoc(): Promise<Buffer | undefined> {
  const soffice = ['soffice', 'libreoffice'].find((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0);
  if (!soffice) {
    if (process.env.CI) throw new Error('LibreOffice is required in CI to make the .doc fixture');
    return undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'portal-doc-fixture-'));
  try {
    await writeFile(join(dir, 'letter.txt'), 'An old Word letter.\n');
    const profile = `file://${join(dir, 'profile')}`;
    const run = spawnSync(soffice, ['--headless', '--norestore', `-env:UserInstallation=${profile}`, '--convert-to', 'doc', '--outdir', dir, join(dir, 'letter.txt')], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    if (run.status !== 0) throw new Error(`soffice --convert-to doc failed (${run.status ?? run.signal})`);
    return await readFile(join(dir, 'letter.doc'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function makeNestedFolder(): Promise<NestedFolder> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-nested-'));
  const files: Array<[string, Uint8Array]> = [
    ['Public corpus 2019/manuals/GRIP20/D700_A_en_Gripper manual.pdf', await pdf('Gripper manual')],
    ['Public corpus 2019/Scans (old)/drawing 17.tiff', await scannedTiff()],
    ['Public corpus 2019/Scans (old)/drawing 18.tif', await scannedTiff()],
    ['Public corpus 2019/odd pdfs/late header.pdf', Buffer.concat([Buffer.from('\r\n\0junk'), await pdf('Late header')])],
    ['misc/deeper/still deeper/notes.pdf', await pdf('Notes')],
  ];
  const doc = await legacyWordDoc();
  if (doc) files.push(['Archive/Word 97/letter.doc', doc]);
  const unreadable = 'misc/broken.pdf';
  files.push([unreadable, Buffer.from('this was never a PDF, whatever its name says')]);
  for (const [path, bytes] of files) {
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), bytes);
  }
  return { folder, importable: files.map(([path]) => path).filter((path) => path !== unreadable), unreadable, hasDoc: doc !== undefined };
}
