import QRCode from 'qrcode';

/** A QR code's dark modules as horizontal runs, for drawing it as few rectangles (SVG path, PDF). */
export interface QrRuns {
  /** Modules per side (without quiet zone). */
  size: number;
  runs: Array<{ row: number; column: number; length: number }>;
}

/** The QR code of `text` (error correction M, enough for a printed label that gets scuffed). */
export function qrRuns(text: string): QrRuns {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: QrRuns['runs'] = [];
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      runs.push({ row, column: start, length: column - start });
    }
  }
  return { size: modules.size, runs };
}
