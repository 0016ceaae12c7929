import sharp from 'sharp';
import { labelLayout, labelMm, type LabelFacts, type TextBlock } from './label-layout.ts';

/*
 * The label stuck on a machine as SVG (in millimetres: 100 x 50 mm at print size) and as PNG: the QR
 * code of its identification link in the IEC 61406 frame, the model, the serial number and the link
 * in plain text (readable without a phone). Where each part goes: label-layout.ts.
 */

export type { LabelFacts } from './label-layout.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);
const mm = (value: number) => Number(value.toFixed(3));

function textSvg(block: TextBlock, role: string): string {
  const weight = block.bold ? ' font-weight="bold"' : '';
  const lines = block.lines.map((line) => `<tspan x="${mm(block.x)}" y="${mm(line.baseline)}">${xml(line.text)}</tspan>`).join('');
  return `<text data-role="${role}" font-size="${mm(block.size)}"${weight} xml:space="preserve">${lines}</text>`;
}

const roles = ['model', 'serial-caption', 'serial', 'link-caption', 'link'];

/** The label as a standalone SVG whose user unit is the millimetre. */
export function labelSvg(facts: LabelFacts): string {
  const { frame, qr, texts } = labelLayout(facts);
  const m = qr.module;
  const path = qr.runs.map(({ row, column, length }) => `M${mm(qr.originX + column * m)} ${mm(qr.originY + row * m)}h${mm(length * m)}v${mm(m)}h${mm(-length * m)}z`).join('');
  const half = frame.stroke / 2;
  const right = frame.x + frame.side;
  const bottom = frame.y + frame.side;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelMm.width}mm" height="${labelMm.height}mm" viewBox="0 0 ${labelMm.width} ${labelMm.height}">
<rect width="${labelMm.width}" height="${labelMm.height}" fill="#fff"/>
<g data-role="iec-61406-frame" fill="#000">
<rect x="${mm(frame.x + half)}" y="${mm(frame.y + half)}" width="${mm(frame.side - frame.stroke)}" height="${mm(frame.side - frame.stroke)}" fill="none" stroke="#000" stroke-width="${mm(frame.stroke)}"/>
<path d="M${mm(right)} ${mm(bottom - frame.triangle)}L${mm(right)} ${mm(bottom)}L${mm(right - frame.triangle)} ${mm(bottom)}z"/>
</g>
<path data-role="qr" d="${path}" fill="#000" shape-rendering="crispEdges"/>
<g font-family="DejaVu Sans Mono, Liberation Mono, Courier New, monospace" fill="#000">
${texts.map((block, index) => textSvg(block, roles[index]!)).join('\n')}
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
