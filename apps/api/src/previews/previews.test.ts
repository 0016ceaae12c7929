import { sql } from 'kysely';
import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../platform/db/database.ts';
import { JobRunner, PermanentJobError } from '../platform/jobs/job-runner.ts';
import { countJobs } from '../platform/jobs/job.repository.ts';
import { generateDemoVideo, generateDrawingSvg, generatePhoto } from '../demo/generate-media.ts';
import { generateDocx } from '../demo/generate-office.ts';
import { generatePdf } from '../demo/generate-pdf.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { getOfficePdfKey } from './office-pdf.service.ts';
import { extractPdfText } from './pdf-document.ts';
import { enqueuePreviewJobs } from './enqueue-preview-jobs.ts';
import { previewJobHandlers } from './preview-jobs.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { findPreviewVersion } from '../modules/documents/index.ts';
import { insertStoredVersion, previewTestDeps, quietLog } from './preview-test-fixtures.ts';
import { detectSystemTools, type SystemTools } from './system-tools.ts';

const tools = await detectSystemTools(quietLog);
// CI installs LibreOffice and ffmpeg (scripts/ensure-system-deps.mjs): there the real conversions must run.
const skipOffice = !tools.soffice && !process.env.CI;
const skipVideo = !tools.ffmpeg && !process.env.CI;
if (skipOffice) console.warn('LibreOffice (soffice) is not installed: skipping the real Office → PDF conversion tests');
if (skipVideo) console.warn('ffmpeg is not installed: skipping the video poster test');

const content = {
  title: 'Servo gripper G20 installation manual',
  subtitle: 'G20 - revision A',
  sections: [
    { heading: 'Safety', paragraphs: ['Disconnect the pneumatic supply before servicing the servomotor.'] },
    { heading: 'Specifications', paragraphs: ['Gripping force and stroke.'], table: { columns: ['Value', 'Unit'], rows: [['140', 'N']] } },
  ],
};

async function searchFinds(db: TestDatabase['db'], dialect: DialectName, word: string): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ documentId: string }>`SELECT "documentId" FROM document_search WHERE document_search MATCH ${word}`
      : sql<{ documentId: string }>`SELECT "documentId" FROM document_search WHERE tsv @@ plainto_tsquery('simple', ${word})`;
  return (await query.execute(db)).rows.map((row) => row.documentId);
}

async function pngSize(deps: PreviewDeps, key: string | null): Promise<{ width?: number; height?: number; format?: string }> {
  const { width, height, format } = await sharp(await buffer(await deps.storage.read(key ?? ''))).metadata();
  return { width, height, format };
}

describe.each(await testDialects())('previews on %s', (dialect) => {
  let handle: TestDatabase;
  let deps: PreviewDeps;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    deps = await previewTestDeps(handle.db, tools);
  });
  afterAll(() => handle.destroy());
  const handlers = () => previewJobHandlers(deps);

  it('runs the queued jobs of a PDF: its text is searchable, its page count known, its thumbnail 320 px wide', async () => {
    const version = await insertStoredVersion(deps, 'manual.pdf', await generatePdf(content, 3), 'application/pdf');
    await enqueuePreviewJobs(handle.db, version);
    const runner = new JobRunner({ db: handle.db, handlers: handlers(), log: quietLog, concurrency: 2, pollIntervalMs: 50 });
    await runner.start();
    const deadline = Date.now() + 20_000;
    while ((await countJobs(handle.db)).done !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.stop();

    const after = await findPreviewVersion(handle.db, version.id);
    expect(after?.pageCount).toBe(3);
    const text = await handle.db.selectFrom('document_texts').select('body').where('versionId', '=', version.id).executeTakeFirstOrThrow();
    expect(text.body).toContain('Disconnect the pneumatic supply before servicing the servomotor.');
    expect(await searchFinds(handle.db, dialect, 'servomotor')).toEqual([version.documentId]);
    expect(await pngSize(deps, after?.thumbnailKey ?? null)).toEqual({ width: 320, height: 453, format: 'png' });
  });

  it.skipIf(skipOffice)('converts a DOCX to PDF through LibreOffice, caches it, and draws and indexes it from that PDF', async () => {
    const version = await insertStoredVersion(deps, 'installation.docx', await generateDocx(content));
    await handlers().officePdf({ versionId: version.id }, undefined as never);
    const converted = await findPreviewVersion(handle.db, version.id);
    expect(converted?.previewPdfKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    const pdf = await buffer(await deps.storage.read(converted?.previewPdfKey ?? ''));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await extractPdfText(pdf)).text).toContain('servomotor');
    // Cached: asking again answers the same key without converting.
    expect(await getOfficePdfKey({ ...deps, tools: { ...tools, soffice: '/nonexistent/soffice' } }, converted!)).toBe(converted?.previewPdfKey);

    await handlers().extractText({ versionId: version.id }, undefined as never);
    await handlers().thumbnail({ versionId: version.id }, undefined as never);
    expect(await searchFinds(handle.db, dialect, 'servomotor')).toContain(version.documentId);
    expect((await pngSize(deps, (await findPreviewVersion(handle.db, version.id))?.thumbnailKey ?? null)).width).toBe(320);
  });

  it('without LibreOffice, an Office file answers "no preview" and gets its type icon', async () => {
    const noOffice: PreviewDeps = { ...deps, tools: { soffice: null, ffmpeg: tools.ffmpeg } };
    const version = await insertStoredVersion(deps, 'sheet.docx', await generateDocx(content));
    await expect(getOfficePdfKey(noOffice, version)).rejects.toMatchObject({ statusCode: 422, code: 'noPreview' });
    const noOfficeHandlers = previewJobHandlers(noOffice);
    await noOfficeHandlers.officePdf({ versionId: version.id }, undefined as never);
    await noOfficeHandlers.extractText({ versionId: version.id }, undefined as never);
    await noOfficeHandlers.thumbnail({ versionId: version.id }, undefined as never);
    const after = await findPreviewVersion(handle.db, version.id);
    expect(after?.previewPdfKey).toBeNull();
    expect(await pngSize(deps, after?.thumbnailKey ?? null)).toEqual({ width: 320, height: 400, format: 'png' });
  });

  it('refuses a PDF rendition for a file that is not an Office document', async () => {
    const version = await insertStoredVersion(deps, 'photo.png', await generatePhoto('G20', 'png', 400, 300));
    await expect(getOfficePdfKey(deps, version)).rejects.toMatchObject({ statusCode: 422, code: 'noPreview' });
  });

  it('draws thumbnails of PNG, JPEG and SVG images and gives other files their type icon', async () => {
    const cases = [
      { name: 'photo.png', bytes: await generatePhoto('G20', 'png', 1000, 500), size: { width: 320, height: 160 } },
      { name: 'photo.jpg', bytes: await generatePhoto('G20', 'jpeg', 640, 640), size: { width: 320, height: 320 } },
      { name: 'drawing.svg', bytes: Buffer.from(generateDrawingSvg('Flange', 'D1')), size: { width: 320, height: 227 } },
      { name: 'model.step', bytes: Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\n'), size: { width: 320, height: 400 } },
      { name: 'damaged.pdf', bytes: Buffer.from('%PDF-1.7 this is not a real PDF'), size: { width: 320, height: 400 } },
    ];
    for (const { name, bytes, size } of cases) {
      const version = await insertStoredVersion(deps, name, bytes);
      await handlers().thumbnail({ versionId: version.id }, undefined as never);
      expect({ name, ...(await pngSize(deps, (await findPreviewVersion(handle.db, version.id))?.thumbnailKey ?? null)) }).toEqual({ name, ...size, format: 'png' });
    }
  });

  it('gives up on the text of a damaged PDF for good instead of retrying', async () => {
    const version = await insertStoredVersion(deps, 'broken.pdf', Buffer.from('%PDF-1.4 garbage'));
    await expect(handlers().extractText({ versionId: version.id }, undefined as never)).rejects.toBeInstanceOf(PermanentJobError);
  });

  it.skipIf(skipVideo)('makes a poster frame and a thumbnail of a video with ffmpeg', async () => {
    const version = await insertStoredVersion(deps, 'demo.mp4', await generateDemoVideo((tools as SystemTools).ffmpeg, 2), 'video/mp4');
    await handlers().thumbnail({ versionId: version.id }, undefined as never);
    const after = await findPreviewVersion(handle.db, version.id);
    expect(await pngSize(deps, after?.posterKey ?? null)).toEqual({ width: 480, height: 270, format: 'png' });
    expect(await pngSize(deps, after?.thumbnailKey ?? null)).toEqual({ width: 320, height: 180, format: 'png' });
  });
});
