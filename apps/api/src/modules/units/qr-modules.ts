import QRCode from 'qrcode';

/** A QR code's dark modules as horizontal runs, for drawing it as few rectangles (SVG path, PDF). */
export interface QrRuns {
  /** Modules per side (without quiet zone). */
  size: number;
  runs: Array<{ row: number; column: number; length: number }>;
}

/** Error correction of the label's code: Q (25 % of the code may be lost), as IEC 61406-1 asks of a label on a machine. */
export const qrErrorCorrection = 'Q';

/** The QR code of `text` at error correction level Q. */
export function qrRuns(text: string): QrRuns {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: qrErrorCorrection });
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
