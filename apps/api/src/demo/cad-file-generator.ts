import { readFileSync } from 'node:fs';
import { cadFormats, type CadFormat } from '@portal/contracts/cad';
import { demoBytes } from './demo-bytes.ts';
import type { FileInput } from '../platform/storage/store-file.ts';

/*
 * Demo CAD files: STEP and IGES are real solid models (assemblies of named, coloured parts with holes and fillets)
 * made with OpenCascade and committed in cad-models/; native formats are binary stand-ins.
 */

export interface CadPart {
  /** Used in file names, e.g. `RX160_arm-1200`. */
  name: string;
  description: string;
  /** Size in millimetres; sets the size of the native stand-ins. */
  size: [number, number, number];
  /** The committed model (cad-models/<model>.stp and .igs) its STEP and IGES files are, e.g. `arm-1200`. */
  model: string;
}

/** A committed demo model, made with OpenCascade by scripts/make-demo-cad-models.mjs (see cad-models/). */
export function demoModelFile(model: string, extension: 'stp' | 'igs'): Buffer {
  return readFileSync(new URL(`./cad-models/${model}.${extension}`, import.meta.url));
}

/** The demo file of a part in one format: the committed STEP/IGES model, or a small binary stand-in for native formats. */
export function cadFile(part: CadPart, format: CadFormat): FileInput {
  const { extension, tool } = cadFormats[format];
  const fileName = `${part.name}.${extension}`;
  if (format === 'step') return { fileName, content: demoModelFile(part.model, 'stp'), mediaType: 'model/step' };
  if (format === 'iges') return { fileName, content: demoModelFile(part.model, 'igs'), mediaType: 'model/iges' };
  const size = 24_000 + (part.size[0] + part.size[1] + part.size[2]) * 8;
  return {
    fileName,
    content: () => demoBytes(`${part.name}.${format}`, size, `PORTAL-DEMO ${tool} ${part.name}\n${part.description}\n`),
    mediaType: 'application/octet-stream',
  };
}
