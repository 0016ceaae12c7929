import { qrRuns, type QrRuns } from './qr-modules.ts';

/*
 * Where everything on a unit label goes, in millimetres from the label's top left corner, shared by
 * the SVG (and so the PNG) and the PDF. The label is 100 x 50 mm: on the left the QR code of the
 * identification link inside the IEC 61406 frame (a square border with a filled triangle in its
 * lower right corner), on the right the model, the serial number and the link in plain text.
 *
 * Text is set in a monospaced face (DejaVu Sans Mono in the SVG, Courier in the PDF: every glyph is
 * at most 0.602 em wide), so its width is known without measuring glyphs: each text is wrapped and
 * shrunk until it fits its box, never clipped, whatever length the serial schema allows.
 */

export interface LabelFacts {
  link: string;
  serialNumber: string;
  modelName: string;
}

export const labelMm = { width: 100, height: 50 } as const;

/** Advance of one character in ems, for every face the label names (DejaVu Sans Mono 0.602, Courier 0.6). */
export const monoAdvance = 0.602;
const lineHeight = 1.2;
/** The smallest a module may print (IEC 61406-1 and common scanners ask for at least 0.35 mm). */
export const minModuleMm = 0.35;
export const quietZoneModules = 4;

export interface TextBlock {
  /** Font size in mm. */
  size: number;
  bold: boolean;
  x: number;
  /** Baseline of each line, in mm from the top. */
  lines: Array<{ text: string; baseline: number }>;
}

export interface LabelLayout {
  frame: { x: number; y: number; side: number; stroke: number; triangle: number };
  qr: QrRuns & { originX: number; originY: number; module: number };
  texts: TextBlock[];
}

interface Box {
  x: number;
  top: number;
  width: number;
  height: number;
  maxSize: number;
  bold: boolean;
}

/** Cuts text into lines of at most `perLine` characters, at spaces where it can, mid-word where it must. */
export function wrapText(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let rest = text.trim();
  while (rest.length > perLine) {
    const space = rest.lastIndexOf(' ', perLine);
    const cut = space > 0 ? space : perLine;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/** Whether these lines at this size fit the box. */
const fits = (lines: string[], size: number, box: Box) =>
  lines.length * lineHeight * size <= box.height && Math.max(...lines.map((line) => line.length)) * monoAdvance * size <= box.width;

/**
 * The largest font size (0.05 mm steps, so at most maxSize / 0.05 tries) at which the wrapped text
 * fits the box; one line instead when that needs shrinking by a quarter at most (a serial reads better unbroken).
 */
function fit(text: string, box: Box): TextBlock {
  const wrapAt = (size: number) => wrapText(text, Math.max(1, Math.floor(box.width / (monoAdvance * size))));
  let size = box.maxSize;
  let lines = wrapAt(size);
  while (size > 0.1 && !fits(lines, size, box)) {
    size = Math.round((size - 0.05) * 100) / 100;
    lines = wrapAt(size);
  }
  const oneLine = Math.floor((box.width / (monoAdvance * Math.max(1, text.trim().length))) * 100) / 100;
  if (lines.length > 1 && oneLine >= 0.75 * box.maxSize && fits([text.trim()], oneLine, box)) {
    size = oneLine;
    lines = [text.trim()];
  }
  // The first baseline sits one ascent (about 0.9 em) below the box's top; each further line 1.2 em lower.
  return { size, bold: box.bold, x: box.x, lines: lines.map((line, index) => ({ text: line, baseline: box.top + (index * lineHeight + 0.9) * size })) };
}

const frame = { x: 2, y: 2, side: 46, stroke: 0.8, margin: 3 };
const textX = frame.x + frame.side + 3;
const textWidth = labelMm.width - textX - 2;

/** The label's layout for these facts. */
export function labelLayout({ link, serialNumber, modelName }: LabelFacts): LabelLayout {
  const code = qrRuns(link);
  // The code and its quiet zone fill the frame's inside less a margin that leaves room for the corner triangle.
  const inner = frame.side - 2 * (frame.stroke + frame.margin);
  const module = inner / (code.size + 2 * quietZoneModules);
  if (module < minModuleMm) throw new Error(`The identification link is too long for a ${minModuleMm} mm module: ${link.length} characters`);
  const offset = frame.stroke + frame.margin + quietZoneModules * module;
  const box = (top: number, height: number, maxSize: number, bold: boolean): Box => ({ x: textX, top, width: textWidth, height, maxSize, bold });
  return {
    // The triangle's legs stop where they would touch the quiet zone's corner (2 x (stroke + margin) from the outer corner).
    frame: { x: frame.x, y: frame.y, side: frame.side, stroke: frame.stroke, triangle: 2 * (frame.stroke + frame.margin) - 0.4 },
    qr: { ...code, originX: frame.x + offset, originY: frame.y + offset, module },
    texts: [
      fit(modelName, box(3, 10, 4.5, true)),
      fit('S/N', box(14.5, 3, 2.5, false)),
      fit(serialNumber, box(17.5, 14, 5.5, true)),
      fit('Documentation:', box(33, 2.6, 2.2, false)),
      fit(link, box(36, 11, 2.6, false)),
    ],
  };
}
