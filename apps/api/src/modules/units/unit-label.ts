import sharp from 'sharp';
import { qrRuns } from './qr-modules.ts';

/*
 * The label stuck on a machine: the QR code of its identification link, the link in plain text
 * (readable without a phone), the serial number and the model. 100 x 50 mm, drawn at 4 px per mm.
 */

export interface LabelFacts {
  link: string;
  serialNumber: string;
  modelName: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);

/** Label size in SVG units (4 per mm). */
export const labelSize = { width: 400, height: 200 } as const;

/** The label as a standalone SVG. */
export function labelSvg({ link, serialNumber, modelName }: LabelFacts): string {
  const { size, runs } = qrRuns(link);
  // The QR fills a 184-unit square including a four-module quiet zone, on the left.
  const module = 184 / (size + 8);
  const origin = 8 + 4 * module;
  const path = runs.map(({ row, column, length }) => `M${(origin + column * module).toFixed(3)} ${(origin + row * module).toFixed(3)}h${(length * module).toFixed(3)}v${module.toFixed(3)}h${(-length * module).toFixed(3)}z`).join('');
  // Shrinks the link's font so that it fits the 190 units right of the code (about 0.58 em per character).
  const linkSize = Math.min(11, Math.max(5, 190 / (Math.max(1, link.length) * 0.58)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 ${labelSize.width} ${labelSize.height}">
<rect width="100%" height="100%" fill="#fff"/>
<path d="${path}" fill="#000" shape-rendering="crispEdges"/>
<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" fill="#000">
<text x="200" y="44" font-size="16" font-weight="bold">${xml(modelName)}</text>
<text x="200" y="80" font-size="13">S/N</text>
<text x="200" y="102" font-size="20" font-weight="bold">${xml(serialNumber)}</text>
<text x="200" y="150" font-size="10">Documentation:</text>
<text x="200" y="168" font-size="${linkSize.toFixed(1)}">${xml(link)}</text>
</g>
</svg>
`;
}

/*
 * sharp hands librsvg the density (which turns the SVG's millimetres into pixels) and then scales by
 * density/72 again, so the width grows with its square: 147 renders the 100 mm label about 1,180 px
 * wide, 300 dpi in print.
 */
const pngDensity = 147;

/** The label as a PNG of about 300 dpi, with an opaque white background. */
export async function labelPng(facts: LabelFacts): Promise<Buffer> {
  return sharp(Buffer.from(labelSvg(facts)), { density: pngDensity }).flatten({ background: '#fff' }).png().toBuffer();
}
