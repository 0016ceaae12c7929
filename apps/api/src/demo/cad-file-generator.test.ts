import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { cadFile, generateIges, generateStep, type CadPart } from './cad-file-generator.ts';

const part: CadPart = { name: 'RX160_arm-1200', description: "Arm 1200 mm of the RX160 ('long')", size: [1200, 180, 160] };

describe('generated CAD files', () => {
  it('writes STEP as ISO 10303-21: header, schema, numbered entities that reference existing ones', () => {
    const step = generateStep(part);
    expect(step.startsWith('ISO-10303-21;\nHEADER;\n')).toBe(true);
    expect(step.trimEnd().endsWith('ENDSEC;\nEND-ISO-10303-21;')).toBe(true);
    expect(step).toContain("FILE_DESCRIPTION(('Arm 1200 mm of the RX160 (''long'')'),'2;1');");
    expect(step).toContain("FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));");
    const entities = [...step.matchAll(/^#(\d+)=([A-Z_]+)\((.*)\);$/gm)];
    expect(entities).toHaveLength(8 + 12);
    const ids = new Set(entities.map((entity) => Number(entity[1])));
    for (const entity of entities) {
      for (const reference of entity[3]!.matchAll(/#(\d+)/g)) expect(ids.has(Number(reference[1]))).toBe(true);
    }
    expect(step).toContain('#7=CARTESIAN_POINT(\'\',(1200.,180.,160.));');
  });

  it('writes IGES as 80-column records with consistent sections and pointers', () => {
    const lines = generateIges(part).trimEnd().split('\n');
    for (const line of lines) expect(line).toHaveLength(80);
    const sections = lines.map((line) => line[72]);
    expect(sections.join('')).toMatch(/^S+G+D+P+T$/);
    const count = (letter: string) => sections.filter((section) => section === letter).length;
    expect(count('D')).toBe(24);
    expect(count('P')).toBe(12);
    expect(lines.at(-1)!.slice(0, 32)).toBe(`S${String(count('S')).padStart(7, '0')}G${String(count('G')).padStart(7, '0')}D0000024P0000012`);
    const global = lines.filter((line) => line[72] === 'G').map((line) => line.slice(0, 72).trimEnd()).join('');
    expect(global.startsWith('1H,,1H;,14HRX160_arm-1200,18HRX160_arm-1200.igs,')).toBe(true);
    expect(global.endsWith(',11,0,15H20250601.000000;')).toBe(true);
    const parameters = lines.filter((line) => line[72] === 'P');
    // Each parameter record points back at its directory entry (odd sequence numbers).
    parameters.forEach((line, index) => expect(Number(line.slice(64, 72))).toBe(2 * index + 1));
    expect(parameters[0]!.slice(0, 64).trim()).toBe('110,0.0,0.0,0.0,1200.0,0.0,0.0;');
  });

  it('makes native stand-ins with the tool extension and a recognisable header', async () => {
    const file = cadFile(part, 'solidworks');
    expect(file.fileName).toBe('RX160_arm-1200.SLDPRT');
    if (typeof file.content !== 'function') throw new Error('expected a stream');
    const bytes = await buffer(file.content());
    expect(bytes.subarray(0, 30).toString()).toBe('PORTAL-DEMO SOLIDWORKS RX160_a');
    expect(bytes.length).toBeGreaterThan(24_000);
    expect(cadFile(part, 'eplan').fileName).toBe('RX160_arm-1200.edz');
    expect(cadFile(part, 'iges').fileName).toBe('RX160_arm-1200.igs');
  });
});
