import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { runTool } from '../previews/run-tool.ts';
import { withTempDir } from '../previews/stored-file-access.ts';

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A dimensioned technical drawing as SVG: a part outline with holes, dimension lines and a title
 * block, so the image previews look like the documents a maker publishes.
 */
export function generateDrawingSvg(title: string, reference: string, width = 1200, height = 850): string {
  const text = (x: number, y: number, size: number, value: string, anchor = 'start') =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" text-anchor="${anchor}" fill="#1d2733">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 850">
  <rect width="1200" height="850" fill="#fdfdfb"/>
  <rect x="20" y="20" width="1160" height="810" fill="none" stroke="#1d2733" stroke-width="3"/>
  <g fill="none" stroke="#1d2733" stroke-width="4">
    <rect x="200" y="180" width="600" height="360" rx="30"/>
    <circle cx="300" cy="280" r="38"/><circle cx="700" cy="280" r="38"/>
    <circle cx="300" cy="440" r="38"/><circle cx="700" cy="440" r="38"/>
    <circle cx="500" cy="360" r="90"/>
  </g>
  <g stroke="#2f5f9e" stroke-width="2"><line x1="200" y1="600" x2="800" y2="600"/><line x1="200" y1="585" x2="200" y2="615"/><line x1="800" y1="585" x2="800" y2="615"/>
    <line x1="860" y1="180" x2="860" y2="540"/><line x1="845" y1="180" x2="875" y2="180"/><line x1="845" y1="540" x2="875" y2="540"/></g>
  ${text(500, 630, 24, '240 mm', 'middle')}${text(885, 370, 24, '144 mm')}${text(500, 250, 20, 'Ø 72 H7', 'middle')}
  <rect x="760" y="680" width="400" height="130" fill="none" stroke="#1d2733" stroke-width="2"/>
  ${text(780, 720, 26, title.slice(0, 26))}${text(780, 760, 20, `Ref. ${reference}`)}${text(780, 792, 16, 'Scale 1:2  -  Dimensions in mm')}
</svg>`;
}

/** A product photo stand-in: a gradient backdrop with a labelled device, as PNG or JPEG. */
export async function generatePhoto(label: string, format: 'png' | 'jpeg', width = 1280, height = 960): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe6ee"/><stop offset="1" stop-color="#8795a6"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${width * 0.3}" y="${height * 0.25}" width="${width * 0.4}" height="${height * 0.45}" rx="24" fill="#3b4756"/>
  <rect x="${width * 0.34}" y="${height * 0.3}" width="${width * 0.32}" height="${height * 0.12}" rx="8" fill="#6b8724"/>
  <text x="50%" y="${height * 0.85}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${Math.round(height / 16)}" text-anchor="middle" fill="#1d2733">${escapeXml(label)}</text>
</svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 82 }).toBuffer();
}

/** The MP4 shipped for machines without ffmpeg; `scripts/generate-demo-video.ts` makes it again. */
export const demoVideoFixture = join(import.meta.dirname, 'fixtures', 'demo-video.mp4');

/**
 * A short H.264 MP4 (a test pattern with a counter, moov atom first so it streams): made with
 * ffmpeg when installed, otherwise the committed fixture that this same function produced.
 */
export async function generateDemoVideo(ffmpeg: string | null, seconds = 4): Promise<Buffer> {
  if (!ffmpeg) return readFile(demoVideoFixture);
  return withTempDir(async (dir) => {
    const output = join(dir, 'demo.mp4');
    await runTool(
      ffmpeg,
      [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=480x270:rate=15`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '32', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
        output,
      ],
      { timeoutMs: 60_000 },
    );
    return readFile(output);
  });
}
