import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { identificationLinkMaxLength, serialNumberMaxLength } from '@portal/contracts/unit-identification';
import { serialNumberSchema } from '@portal/contracts/units';
import { minModuleMm, quietZoneModules, wrapText } from './label-layout.ts';
import { labelsPdf } from './labels-pdf.ts';
import { labelPng, labelSvg, type LabelFacts } from './unit-label.ts';

/*
 * The label as a scanner and a printer see it: the PNG's QR code is decoded with jsQR, and its error
 * correction level is read from the format information bits next to the top left finder pattern.
 */

const errorLevels = { 0b01: 'L', 0b00: 'M', 0b11: 'Q', 0b10: 'H' } as const;

/** The 32 valid (masked) format information words of ISO/IEC 18004, by their 5 data bits. */
const formatWords = new Map(Array.from({ length: 32 }, (_, data) => {
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (remainder & (1 << bit)) remainder ^= 0x537 << (bit - 10);
  return [((data << 10) | remainder) ^ 0x5412, data] as const;
}));

interface Scanned {
  link: string;
  level: string;
  modulePx: number;
  pxPerMm: number;
  quietZoneClear: boolean;
}

async function scan(png: Buffer): Promise<Scanned> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('no QR code found');
  const size = 17 + 4 * code.version;
  const { topLeftCorner: corner, topRightCorner } = code.location;
  const modulePx = (topRightCorner.x - corner.x) / size;
  const dark = (column: number, row: number) => {
    const x = Math.round(corner.x + (column + 0.5) * modulePx);
    const y = Math.round(corner.y + (row + 0.5) * modulePx);
    return data[(y * info.width + x) * 4]! < 128;
  };
  // The first copy of the format information, most significant bit first (ISO/IEC 18004 §7.9).
  const positions = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]] as const;
  const word = positions.reduce((bits, [column, row]) => (bits << 1) | (dark(column, row) ? 1 : 0), 0);
  const formatData = formatWords.get(word);
  if (formatData === undefined) throw new Error(`format information ${word.toString(2)} is not a valid word`);
  let quietZoneClear = true;
  for (let row = -quietZoneModules; row < size + quietZoneModules; row++) {
    for (let column = -quietZoneModules; column < size + quietZoneModules; column++) {
      const inside = row >= 0 && row < size && column >= 0 && column < size;
      if (!inside && dark(column, row)) quietZoneClear = false;
    }
  }
  return { link: code.data, level: errorLevels[(formatData >> 3) as keyof typeof errorLevels], modulePx, pxPerMm: info.width / 100, quietZoneClear };
}

const longestSerial = `S${'0123456789'.repeat(7)}`.slice(0, serialNumberMaxLength);

describe('unit label', () => {
  it('states its print size in millimetres and draws the IEC 61406 frame', () => {
    const svg = labelSvg({ link: 'https://portal.example.com/id/R100-0001', serialNumber: 'R100-0001', modelName: 'Robot R100' });
    expect(svg).toMatch(/<svg [^>]*width="100mm" height="50mm" viewBox="0 0 100 50"/);
    expect(svg).toMatch(/data-role="iec-61406-frame"[^]*<rect [^>]*fill="none" stroke="#000"[^]*<path d="M[^"]+z"\/>/);
  });

  it.each([
    ['a short link', 'https://portal.example.com/id/SCARA4-2025-00108'],
    ['the longest link IEC 61406-1 allows', `https://${'p'.repeat(identificationLinkMaxLength - 8 - 4 - serialNumberMaxLength - 4)}.com/id/${longestSerial}`],
  ])('prints %s as a QR code at level Q with a quiet zone of four modules of at least 0.35 mm', async (_name, link) => {
    const serialNumber = link.slice(link.lastIndexOf('/') + 1);
    const scanned = await scan(await labelPng({ link, serialNumber, modelName: 'Robot R100' }));
    expect(scanned.link).toBe(link);
    expect(scanned.level).toBe('Q');
    expect(scanned.quietZoneClear).toBe(true);
    expect(scanned.modulePx / scanned.pxPerMm).toBeGreaterThanOrEqual(minModuleMm);
    if (link.length > 200) expect(link).toHaveLength(identificationLinkMaxLength);
  });

  it('prints the whole serial and model in the SVG, wrapped, for the longest serial the schema allows', () => {
    expect(serialNumberSchema.safeParse(longestSerial).success).toBe(true);
    expect(serialNumberSchema.safeParse(`${longestSerial}0`).success).toBe(false);
    const facts: LabelFacts = { link: `https://portal.example.com/id/${longestSerial}`, serialNumber: longestSerial, modelName: 'Six-axis articulated robot with a long model designation XL-2000' };
    const svg = labelSvg(facts);
    const texts = (role: string) => [...new RegExp(`<text data-role="${role}"[^>]*>(.*?)</text>`).exec(svg)![1]!.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]);
    expect(texts('serial').join('')).toBe(longestSerial);
    expect(texts('model').join(' ')).toBe(facts.modelName);
    expect(texts('link').join('')).toBe(facts.link);
  });

  it('prints the whole serial in the PDF too, every line inside its label right of the code', async () => {
    const facts: LabelFacts = { link: `https://portal.example.com/id/${longestSerial}`, serialNumber: longestSerial, modelName: 'Robot R100' };
    const pdf = await getDocument({ data: await labelsPdf([facts]), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.flatMap((item) => ('str' in item && item.str ? [{ text: item.str, x: item.transform[4] as number, width: item.width }] : []));
    await pdf.destroy();
    const mm = 72 / 25.4;
    // The first label's left edge on the A4 page: (210 - 2 x 100) / 2 mm.
    const left = 5 * mm;
    expect(items.map((item) => item.text).join('')).toContain(longestSerial);
    for (const item of items) {
      expect(item.x, item.text).toBeGreaterThanOrEqual(left + 48 * mm);
      expect(item.x + item.width, item.text).toBeLessThanOrEqual(left + 100 * mm);
    }
  });

  it('wraps at spaces where it can and inside a word where it must', () => {
    expect(wrapText('Robot R100 floor', 11)).toEqual(['Robot R100', 'floor']);
    expect(wrapText('ABCDEFGHIJ', 4)).toEqual(['ABCD', 'EFGH', 'IJ']);
  });
});
