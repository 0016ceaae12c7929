import { fileExtension, type PreviewKind } from '@portal/contracts/previews';

/** Width of every thumbnail, in pixels. */
export const thumbnailWidth = 320;

/**
 * sharp, loaded with the first thumbnail. Without libvips' operation cache (50 MB by default) and
 * with one libvips thread per operation: thumbnails are a background job, the server's memory is not.
 */
export async function loadSharp() {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
}

/** A PNG thumbnail of an image (PNG, JPEG, GIF's first frame, SVG, WebP …), never enlarged. */
export async function imageThumbnail(bytes: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: thumbnailWidth, height: thumbnailWidth * 2, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

const colours: Record<PreviewKind, string> = {
  pdf: '#BE5134',
  docs: '#2F5F9E',
  video: '#6B4FA0',
  image: '#6B8724',
  model: '#0B7285',
  other: '#6E7780',
};

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The SVG icon of a file type: a page with a folded corner and the file's extension. */
export function typeIconSvg(kind: PreviewKind, fileName: string): string {
  const label = escapeXml((fileExtension(fileName) || 'file').slice(0, 5).toUpperCase());
  const colour = colours[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400" viewBox="0 0 320 400">
  <rect width="320" height="400" fill="#F4F5F7"/>
  <path d="M90 60h100l40 40v220a10 10 0 0 1-10 10H90a10 10 0 0 1-10-10V70a10 10 0 0 1 10-10z" fill="#fff" stroke="${colour}" stroke-width="6"/>
  <path d="M190 60v40h40" fill="none" stroke="${colour}" stroke-width="6"/>
  <rect x="60" y="220" width="200" height="64" rx="8" fill="${colour}"/>
  <text x="160" y="264" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text>
</svg>`;
}

/** The type icon as a PNG thumbnail, for files without a picture of their own. */
export async function typeIconThumbnail(kind: PreviewKind, fileName: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(typeIconSvg(kind, fileName))).png().toBuffer();
}
