import { cadFormats, type CadFormat } from '@portal/contracts/cad';
import { demoBytes } from './demo-bytes.ts';
import type { FileInput } from '../platform/storage/store-file.ts';

/*
 * Demo CAD files made by the project: STEP (ISO 10303-21) and IGES 5.3 as real, small text files
 * describing a box with the component's dimensions; native formats as binary stand-ins.
 */

export interface CadPart {
  /** Used in file names and the files' own headers, e.g. `RX160_arm-1200`. */
  name: string;
  description: string;
  /** Box size in millimetres. */
  size: [number, number, number];
}

const demoDate = '2025-06-01T00:00:00';

function corners([x, y, z]: CadPart['size']): Array<[number, number, number]> {
  return [
    [0, 0, 0], [x, 0, 0], [x, y, 0], [0, y, 0],
    [0, 0, z], [x, 0, z], [x, y, z], [0, y, z],
  ];
}

const edges: Array<[number, number]> = [
  [0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4], [0, 4], [1, 5], [2, 6], [3, 7],
];

const stepReal = (value: number) => (Number.isInteger(value) ? `${value}.` : String(value));
const stepText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A STEP AP214 file: header, then the box's corner points joined by polylines. */
export function generateStep(part: CadPart): string {
  const points = corners(part.size);
  const data = points.map((point, index) => `#${index + 1}=CARTESIAN_POINT('',(${point.map(stepReal).join(',')}));`);
  edges.forEach(([from, to], index) => data.push(`#${points.length + index + 1}=POLYLINE('edge ${index + 1}',(#${from + 1},#${to + 1}));`));
  return [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_DESCRIPTION((${stepText(part.description)}),'2;1');`,
    `FILE_NAME(${stepText(`${part.name}.stp`)},'${demoDate}',('Technical Resources Portal'),('Demo maker'),'portal demo generator','portal','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...data,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/** One 80-column IGES record: 72 columns of data, the section letter, a 7-digit sequence number. */
function igesRecord(data: string, section: string, sequence: number): string {
  return `${data.padEnd(72).slice(0, 72)}${section}${String(sequence).padStart(7)}`;
}

const hollerith = (text: string) => `${text.length}H${text}`;

/** Cuts text into pieces of at most `width` columns. */
function chunk(text: string, width: number): string[] {
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += width) lines.push(text.slice(at, at + width));
  return lines;
}

/** Packs delimited parameters into records of at most 72 columns without splitting one across records. */
function packParameters(parameters: string[]): string[] {
  const lines: string[] = [];
  let line = '';
  parameters.forEach((parameter, index) => {
    const token = `${parameter}${index === parameters.length - 1 ? ';' : ','}`;
    if (line.length + token.length > 72 && line) {
      lines.push(line);
      line = '';
    }
    line += token;
  });
  return [...lines, line].flatMap((record) => chunk(record, 72));
}

/** An IGES 5.3 file in millimetres: the box's twelve edges as line entities (type 110). */
export function generateIges(part: CadPart): string {
  const start = [`${part.description} - demo CAD data of the Technical Resources Portal`];
  const global = packParameters([
    '1H,', '1H;', hollerith(part.name), hollerith(`${part.name}.igs`), hollerith('portal demo generator'), hollerith('1.0'),
    '32', '38', '6', '308', '15', hollerith(part.name), '1.0', '2', '2HMM', '1', '1.0', hollerith('20250601.000000'),
    '0.001', '10000.0', hollerith('Technical Resources Portal'), hollerith('Demo maker'), '11', '0', hollerith('20250601.000000'),
  ]);
  const points = corners(part.size);
  const directory: string[] = [];
  const parameters: string[] = [];
  edges.forEach(([from, to], index) => {
    const entry = 2 * index + 1;
    const parameterLine = index + 1;
    const field = (value: string | number) => String(value).padStart(8);
    directory.push(igesRecord(['110', parameterLine, 0, 0, 0, 0, 0, 0, '00000000'].map(field).join(''), 'D', entry));
    directory.push(igesRecord(['110', 0, 0, 1, 0, '', '', 'EDGE', index + 1].map(field).join(''), 'D', entry + 1));
    const coordinates = [...points[from]!, ...points[to]!].map((value) => value.toFixed(1)).join(',');
    parameters.push(igesRecord(`110,${coordinates};`.padEnd(64) + String(entry).padStart(8), 'P', parameterLine));
  });
  const startRecords = start.flatMap((line) => chunk(line, 72)).map((line, index) => igesRecord(line, 'S', index + 1));
  const globalRecords = global.map((line, index) => igesRecord(line, 'G', index + 1));
  const counts = `S${String(startRecords.length).padStart(7, '0')}G${String(globalRecords.length).padStart(7, '0')}D${String(directory.length).padStart(7, '0')}P${String(parameters.length).padStart(7, '0')}`;
  return [...startRecords, ...globalRecords, ...directory, ...parameters, igesRecord(counts, 'T', 1), ''].join('\n');
}

/** The demo file of a part in one format: real STEP/IGES text, or a small binary stand-in for native formats. */
export function cadFile(part: CadPart, format: CadFormat): FileInput {
  const { extension, tool } = cadFormats[format];
  const fileName = `${part.name}.${extension}`;
  if (format === 'step') return { fileName, content: generateStep(part), mediaType: 'model/step' };
  if (format === 'iges') return { fileName, content: generateIges(part), mediaType: 'model/iges' };
  const size = 24_000 + (part.size[0] + part.size[1] + part.size[2]) * 8;
  return {
    fileName,
    content: () => demoBytes(`${part.name}.${format}`, size, `PORTAL-DEMO ${tool} ${part.name}\n${part.description}\n`),
    mediaType: 'application/octet-stream',
  };
}
