import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.ts';
import { canaryDetectsReads, createCanaryFile, odtLinkingImages, onePixelPng, startCanaryServer } from './hostile-test-fixtures.ts';
import { getOfficePdfKey } from './office-pdf.service.ts';
import { extractPdfText } from './pdf-document.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { previewJobHandlers } from './preview-jobs.ts';
import { findPreviewVersion } from '../modules/documents/index.ts';
import { insertStoredVersion, previewTestDeps, quietLog } from './preview-test-fixtures.ts';
import { sandboxKind } from './sandbox.ts';
import { detectSystemTools } from './system-tools.ts';

const tools = await detectSystemTools(quietLog);
// CI installs LibreOffice, ffmpeg and bubblewrap (scripts/ensure-system-deps.mjs): there these tests must run.
const sandbox = await sandboxKind();
const noSandbox = sandbox === 'none' && !process.env.CI;
const skipOffice = (!tools.soffice || noSandbox) && !process.env.CI;
const skipVideo = (!tools.ffmpeg || noSandbox) && !process.env.CI;
if (noSandbox) console.warn('Neither bubblewrap nor unshare works here: converters are refused, skipping the isolation tests');
if (!tools.soffice) console.warn('LibreOffice (soffice) is not installed: skipping the LibreOffice isolation test');
if (!tools.ffmpeg) console.warn('ffmpeg is not installed: skipping the ffmpeg isolation test');

describe('converters run isolated', () => {
  let handle: TestDatabase;
  let deps: PreviewDeps;
  let server: Awaited<ReturnType<typeof startCanaryServer>>;
  const canaryFolders: string[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase('sqlite');
    deps = await previewTestDeps(handle.db, tools);
    server = await startCanaryServer();
  });
  afterAll(async () => {
    await server.close();
    await handle.destroy();
    await Promise.all(canaryFolders.map((folder) => rm(folder, { recursive: true, force: true })));
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  const canary = async (name: string, bytes: Uint8Array) => {
    const file = await createCanaryFile(name, bytes);
    canaryFolders.push(dirname(file.path));
    return file;
  };

  it('has bubblewrap (in CI) and canaries that see a read', async () => {
    if (process.env.CI) expect(sandbox).toBe('bwrap');
    else if (sandbox !== 'bwrap') console.warn(`converters run in ${sandbox}, not bubblewrap: install bubblewrap`);
    expect(await canaryDetectsReads()).toBe(true);
  });

  // Finding 5: an ODT with linked images made the server fetch them (by URL and from its own disk).
  it.skipIf(skipOffice)('LibreOffice converts a document linking a URL and a local file without touching either', async () => {
    const localImage = await canary('secret.png', onePixelPng);
    const odt = await odtLinkingImages('Canary paragraph', [server.url('/linked.png'), `file://${localImage.path}`]);
    const version = await insertStoredVersion(deps, 'linked.odt', odt);
    // The path every reader can trigger (pdfPreview), not only the background job.
    const key = await getOfficePdfKey(deps, version);
    expect((await extractPdfText(await buffer(await deps.storage.read(key)))).text).toContain('Canary paragraph');
    expect(server.requests).toEqual([]);
    expect(await localImage.wasRead()).toBe(false);
  });

  // Finding 19: a playlist stored as a video made ffmpeg read what it names.
  it.skipIf(skipVideo)('ffmpeg reads only its input: a playlist disguised as a video fetches nothing', async () => {
    const segment = await canary('segment.ts', Buffer.alloc(188 * 20, 0x47));
    const playlists = {
      'local.mp4': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${segment.path}\n#EXT-X-ENDLIST\n`,
      'remote.mp4': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${server.url('/segment.ts')}\n#EXT-X-ENDLIST\n`,
      'concat.mp4': `ffconcat version 1.0\nfile '${server.url('/concat.mp4')}'\nfile '${segment.path}'\n`,
    };
    for (const [name, text] of Object.entries(playlists)) {
      const version = await insertStoredVersion(deps, name, Buffer.from(text), 'video/mp4');
      await previewJobHandlers(deps).thumbnail({ versionId: version.id }, undefined as never);
      const after = await findPreviewVersion(handle.db, version.id);
      // Nothing to draw: the type icon, no poster.
      expect({ name, poster: after?.posterKey ?? null, ...(await sharp(await buffer(await deps.storage.read(after?.thumbnailKey ?? ''))).metadata()) }).toMatchObject({
        name, poster: null, width: 320, height: 400,
      });
    }
    expect(server.requests).toEqual([]);
    expect(await segment.wasRead()).toBe(false);
  });

  // Finding 17: the 422 answer carried the converter's path and its stderr.
  it.skipIf(noSandbox)('keeps converter paths and output in the log, out of the answer and the stored reason', async () => {
    const fakeFolder = await mkdtemp(join(tmpdir(), 'portal-fake-office-'));
    canaryFolders.push(fakeFolder);
    const fakeSoffice = join(fakeFolder, 'soffice');
    await writeFile(fakeSoffice, `#!/bin/sh\necho "fatal: cannot open ${fakeFolder}/secret-profile" >&2\nexit 3\n`);
    await chmod(fakeSoffice, 0o755);
    const warnings: unknown[] = [];
    const logged: PreviewDeps = { ...deps, tools: { ...tools, soffice: fakeSoffice }, log: { ...quietLog, warn: (entry: unknown) => warnings.push(entry) } };
    const version = await insertStoredVersion(deps, 'broken.odt', await odtLinkingImages('x', []));

    const refusal = await getOfficePdfKey(logged, version).then(() => undefined, (error: unknown) => error);
    expect(refusal).toMatchObject({ statusCode: 422, code: 'noPreview', message: 'This document could not be converted to PDF.' });
    expect(JSON.stringify(warnings)).toContain(fakeFolder);

    const stored = await findPreviewVersion(handle.db, version.id);
    expect(stored?.previewError).toBeTruthy();
    expect(stored?.previewError).not.toContain(fakeFolder);
    // Asked again, the stored failure answers, with the same plain message.
    await expect(getOfficePdfKey(logged, stored!)).rejects.toMatchObject({ message: 'This document could not be converted to PDF.' });
  });
});
